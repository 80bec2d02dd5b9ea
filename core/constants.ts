// Durations and limits of the console's platform behaviour, each named after the docs/constants.md entry it comes from.

/** docs/api.md#the-calls, docs/constants.md: request timeout 35 s. */
export const REQUEST_TIMEOUT_MS = 35_000;

/** docs/states.md, docs/constants.md: a success toast closes after 5 s. */
export const SUCCESS_TOAST_MS = 5_000;
/** docs/states.md, docs/constants.md: a success toast with actions closes after 10 s. */
export const SUCCESS_TOAST_WITH_ACTIONS_MS = 10_000;
/** docs/states.md: the domain of a system message that names none. */
export const DEFAULT_MESSAGE_DOMAIN = 'default-domain';

/** docs/states.md, docs/constants.md: the global progress bar appears after 500 ms. */
export const PROGRESS_DELAY_MS = 500;
/** docs/states.md, docs/constants.md: the global progress bar animates for 10 s. */
export const PROGRESS_ANIMATION_MS = 10_000;
/** docs/states.md, docs/constants.md: the completed progress bar hides 300 ms after reaching 100%. */
export const PROGRESS_HIDE_MS = 300;

/** docs/validation.md, docs/constants.md: the search field waits 1000 ms after typing. */
export const SEARCH_DEBOUNCE_MS = 1_000;
/** docs/validation.md: the search field's default minimum length. */
export const SEARCH_MIN_LENGTH_DEFAULT = 1;

/** docs/constants.md: promotional and welcome (quick-start) dialogs are shown again after 24 h. */
export const VIDEO_DIALOG_RESHOW_MS = 24 * 60 * 60 * 1000;

/** docs/constants.md: a modal dialog's default maximum width. */
export const MODAL_DEFAULT_MAX_WIDTH = 'sm';

/** How long the server waits for the external error-reporting service (docs/decisions.md ERROR_REPORT_URL). */
export const ERROR_REPORT_FORWARD_TIMEOUT_MS = 5_000;

/** docs/constants.md: alert count refresh every 1 min, or every 5 min when push alerts are enabled. */
export const ALERT_COUNT_REFRESH_MS = 60_000;
export const ALERT_COUNT_REFRESH_PUSH_MS = 5 * 60_000;
/** docs/constants.md: badges show at most 99, then '99+'. */
export const BADGE_MAX = 99;
/** docs/navigation.md#top-bar-panels, docs/constants.md: pickers and the cloud switcher show a filter box from 10 entries on. */
export const FILTER_BOX_MIN_ENTRIES = 10;
/** docs/constants.md: a full site list (SITE_LIST_MAX) filters on the server, 600 ms after typing. */
export const BACKEND_FILTER_DEBOUNCE_MS = 600;

/** docs/constants.md: site list max 100. */
export const SITE_LIST_MAX = 100;
/** docs/constants.md: site filter page limit 100. */
export const SITE_FILTER_PAGE_LIMIT = 100;

/** docs/validation.md, docs/constants.md: Search Everywhere needs at least 3 characters. */
export const MIN_SEARCH_LENGTH = 3;
/** docs/navigation.md#top-bar-panels, docs/constants.md: at most 3 matches are shown per result group. */
export const MAX_MATCHES_PER_GROUP = 3;

/** docs/constants.md: the alerts panel shows 5 alerts. */
export const RECENT_ALERTS_LIMIT = 5;
/** docs/errors.md: the alerts panel covers the last 7 days ('No recent alerts (during last 7 days)'). */
export const RECENT_ALERTS_DAYS = 7;
/** docs/constants.md: alerts are cached for 1 hour. */
export const ALERT_CACHE_MS = 60 * 60_000;
/** docs/constants.md: the toast announcing a new alert shows for 3 s. */
export const NEW_ALERT_TOAST_MS = 3_000;

/** docs/constants.md: the tasks panel shows 20 tasks. */
export const RECENT_TASKS_LIMIT = 20;
/** docs/constants.md: recent tasks refresh every minute. */
export const RECENT_TASKS_REFRESH_MS = 60_000;
/** docs/constants.md: the task list is reloaded when it is older than 60 s. */
export const RECENT_TASKS_MAX_AGE_MS = 60_000;

/** docs/constants.md: the news inbox refreshes every 20 minutes (and when its last update was before today). */
export const INBOX_REFRESH_MS = 20 * 60_000;
/** docs/constants.md: a post under 500 characters is short and shown whole. */
export const SHORT_POST_MAX_LENGTH = 500;

/** docs/constants.md: the push notification token is refreshed every 4 minutes. */
export const PUSH_TOKEN_REFRESH_MS = 4 * 60_000;
