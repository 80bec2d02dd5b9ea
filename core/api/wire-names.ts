// The one casing of the console API (docs/api-conventions.md, One casing): every property name of every
// request (body, query, params) and answer of /apiv2 is snake_case, except the names below, which outside
// clients rely on letter for letter. The agent API (/agent/v1, docs/agent-protocol.md) is its own protocol.

/** snake_case: lower-case words joined by underscores ('site_id', 'total_capped', 'is_viewed'). */
export const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/**
 * Keys that are values of the console's enumerations, not field names: a task's `stateCounts` is keyed by
 * task state ('TASK_SUCCESS'), counts by health ('HEALTH_CRITICAL') or status ('STATUS_ONLINE').
 */
export const ENUMERATION_KEY = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;

/** Routes as the OpenAPI document writes them: 'PUT /apiv2/user/alert/{name}'; '*' for every route. */
export type WireNameException = {
  readonly name: string;
  readonly routes: readonly string[];
  readonly why: string;
};

const CALL_LIST = 'a call whose shape the product fixes for outside clients';
const ENTITY = (entity: string) => `the ${entity} entity's own field name`;
const ERRORS = 'the error answers every client reads (docs/api-conventions.md)';
const CLOUD = '/apiv2/cloud/{cloudId}';
const siteFilters = [
  `GET ${CLOUD}/site-filters-select`,
  `POST ${CLOUD}/site-filters-select`,
  `DELETE ${CLOUD}/site-filters-select`,
];
const sitesSelect = [`GET ${CLOUD}/sites-select`];
const inbox = ['GET /apiv2/user/inbox-blog-posts', 'POST /apiv2/user/inbox-blog-posts'];
const alertPreferences = ['GET /apiv2/user/alert/all', 'PUT /apiv2/user/alert/{name}'];
const taskAnswers = [
  'GET /apiv2/events',
  `GET ${CLOUD}/recent-tasks`,
  `GET ${CLOUD}/tasks`,
  `GET ${CLOUD}/tasks/{taskId}`,
  `POST ${CLOUD}/tasks`,
  // A recorder's camera changes answer the task each made (docs/cameras.md#changes).
  `POST ${CLOUD}/smartnvrs/{smartNvrId}/camera-scans`,
  `POST ${CLOUD}/smartnvrs/{smartNvrId}/discovered-cameras/{discoveredId}/adopt`,
  `PUT ${CLOUD}/smartnvrs/{smartNvrId}/cameras/{cameraId}/name`,
  `PUT ${CLOUD}/smartnvrs/{smartNvrId}/cameras/{cameraId}/recording`,
  `PUT ${CLOUD}/smartnvrs/{smartNvrId}/cameras/{cameraId}/recording-profile`,
  `DELETE ${CLOUD}/smartnvrs/{smartNvrId}/cameras/{cameraId}`,
];
const errorReports = ['POST /apiv2/error-reports', 'GET /apiv2/error-reports'];

const configApply = [
  `POST ${CLOUD}/sites/{siteId}/config/apply`,
  `POST ${CLOUD}/sites/{siteId}/config/revisions/{revisionId}/rollback`,
  `POST ${CLOUD}/devices/{deviceId}/config/apply`,
];

/** Every name on the /apiv2 wire that is not snake_case, each on the routes that may carry it. */
export const WIRE_NAME_EXCEPTIONS: readonly WireNameException[] = [
  { name: 'dryRun', routes: configApply, why: CALL_LIST },
  { name: 'errorCode', routes: ['*'], why: ERRORS },
  { name: 'incidentId', routes: ['*'], why: ERRORS },
  { name: 'alertCount', routes: alertPreferences, why: CALL_LIST },
  { name: 'displayAlert', routes: alertPreferences, why: CALL_LIST },
  { name: 'allFields', routes: [...sitesSelect, ...siteFilters], why: CALL_LIST },
  { name: 'includeIds', routes: sitesSelect, why: CALL_LIST },
  { name: 'configEnabled', routes: [...sitesSelect, 'GET /apiv2/navigation/site/{id}'], why: ENTITY('site') },
  { name: 'notViewedTotal', routes: [`GET ${CLOUD}/recent-alerts-totals`], why: CALL_LIST },
  { name: 'newCompleted', routes: [`GET ${CLOUD}/recent-tasks-count`], why: CALL_LIST },
  { name: 'newRunning', routes: [`GET ${CLOUD}/recent-tasks-count`], why: CALL_LIST },
  { name: 'stateCounts', routes: taskAnswers, why: ENTITY('task') },
  { name: 'unreadInvitationCount', routes: ['GET /apiv2/user/unread-invitations'], why: CALL_LIST },
  {
    name: 'cloudId',
    routes: ['POST /apiv2/user/membership/join', 'POST /apiv2/user/membership/decline'],
    why: CALL_LIST,
  },
  { name: 'unreadCount', routes: inbox, why: CALL_LIST },
  { name: 'updatedAt', routes: inbox, why: CALL_LIST },
  { name: 'deviceId', routes: ['GET /apiv2/smartnvr/license'], why: CALL_LIST },
  { name: 'siteFilterId', routes: [`POST ${CLOUD}/site-filters-select`], why: CALL_LIST },
  { name: 'userCloudFilter', routes: siteFilters, why: CALL_LIST },
  { name: 'siteGroupings', routes: siteFilters, why: CALL_LIST },
  ...[
    'cloudWillExpire',
    'planPurchasedAt',
    'planExpiresAt',
    'cloudCreatedAt',
    'licensesUsed',
    'freeLicensesUsed',
    'freeLicensesTotal',
  ].map((name) => ({ name, routes: [`GET ${CLOUD}/license-status`], why: ENTITY('license status') })),
  // The error report is the external error-reporting service's payload, which the console forwards as it came.
  ...[
    'serviceContext',
    'httpRequest',
    'userAgent',
    'reportLocation',
    'filePath',
    'lineNumber',
    'functionName',
  ].map((name) => ({ name, routes: errorReports, why: ENTITY('error report') })),
  // A captive portal's texts are keyed by the console's language codes (core/locales.ts).
  ...['zh_CN', 'zh_TW'].map((name) => ({
    name,
    routes: [
      `GET ${CLOUD}/authport/portals`,
      `POST ${CLOUD}/authport/portals`,
      `PATCH ${CLOUD}/authport/portals/{portalId}`,
      `PUT ${CLOUD}/authport/portals/{portalId}/{image}`,
      `DELETE ${CLOUD}/authport/portals/{portalId}/{image}`,
    ],
    why: 'a language code of the console, keying a portal’s texts',
  })),
];

/** Whether a property name may stand on a route of the wire. */
export function allowedOnWire(name: string, route: string): boolean {
  if (SNAKE_CASE.test(name) || ENUMERATION_KEY.test(name)) return true;
  return WIRE_NAME_EXCEPTIONS.some(
    (exception) =>
      exception.name === name && (exception.routes.includes('*') || exception.routes.includes(route)),
  );
}

/** The property paths of a JSON value whose names may not stand on the route ('/items/0/siteId'). */
export function offConventionNames(value: unknown, route: string, pointer = ''): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, i) => offConventionNames(item, route, `${pointer}/${i}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, inner]) => [
    ...(allowedOnWire(name, route) ? [] : [`${pointer}/${name}`]),
    ...offConventionNames(inner, route, `${pointer}/${name}`),
  ]);
}
