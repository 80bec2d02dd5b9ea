// @vitest-environment node
// Property-based checks of the API's input handling: input that satisfies a call's schema never makes the
// server fail (no 5xx), and input that does not is always answered with the 400 shape.
import fc from 'fast-check';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertPreferenceBody } from '../core/api/alerts.ts';
import { MembershipAnswerBody, PushAlertsBody } from '../core/api/clouds.ts';
import { AdoptPendingBody, ImportDevicesBody } from '../core/api/device-registration.ts';
import { ErrorReportBody } from '../core/api/error-reports.ts';
import { MarkInboxReadBody, NewsletterBody } from '../core/api/news.ts';
import { PushEndpointBody, PushSubscriptionBody } from '../core/api/push.ts';
import { SearchFindBody } from '../core/api/search.ts';
import {
  CreateSiteBody,
  CreateSiteFilterBody,
  SelectSiteFilterBody,
  SitesSelectQuery,
} from '../core/api/sites.ts';
import { LoginBody } from './features/auth/schemas.ts';
import { as, createTestApp, type TestApp } from './test/app.ts';
import { arbitraryOf } from './test/arbitrary.ts';
import { createRoleCloud, type RoleCloud } from './test/role-cloud.ts';

let t: TestApp;
let f: RoleCloud;
beforeAll(async () => {
  t = await createTestApp();
  f = await createRoleCloud(t);
}, 120_000);
afterAll(() => t.close());

type BodyCall = { method: 'POST' | 'PUT' | 'DELETE'; url: () => string; schema: TSchema; signedIn?: false };
const BODY_CALLS: Record<string, BodyCall> = {
  'POST /apiv2/auth/login': {
    method: 'POST',
    url: () => '/apiv2/auth/login',
    schema: LoginBody,
    signedIn: false,
  },
  'POST search/find': {
    method: 'POST',
    url: () => `/apiv2/cloud/${f.cloud.id}/search/find`,
    schema: SearchFindBody,
  },
  'POST sites': { method: 'POST', url: () => `/apiv2/cloud/${f.cloud.id}/sites`, schema: CreateSiteBody },
  'POST devices/import': {
    method: 'POST',
    url: () => `/apiv2/cloud/${f.cloud.id}/devices/import`,
    schema: ImportDevicesBody,
  },
  'POST pending-devices/adopt': {
    method: 'POST',
    url: () => `/apiv2/cloud/${f.cloud.id}/pending-devices/adopt`,
    schema: AdoptPendingBody,
  },
  'POST site-filters': {
    method: 'POST',
    url: () => `/apiv2/cloud/${f.cloud.id}/site-filters`,
    schema: CreateSiteFilterBody,
  },
  'POST site-filters-select': {
    method: 'POST',
    url: () => `/apiv2/cloud/${f.cloud.id}/site-filters-select`,
    schema: SelectSiteFilterBody,
  },
  'POST cloud (push alerts)': {
    method: 'POST',
    url: () => `/apiv2/cloud/${f.cloud.id}`,
    schema: PushAlertsBody,
  },
  'PUT user/alert/:name': {
    method: 'PUT',
    url: () => '/apiv2/user/alert/DEV_REBOOT',
    schema: AlertPreferenceBody,
  },
  'POST user/newsletter': { method: 'POST', url: () => '/apiv2/user/newsletter', schema: NewsletterBody },
  'POST user/inbox-blog-posts': {
    method: 'POST',
    url: () => '/apiv2/user/inbox-blog-posts',
    schema: MarkInboxReadBody,
  },
  'POST user/membership/join': {
    method: 'POST',
    url: () => '/apiv2/user/membership/join',
    schema: MembershipAnswerBody,
  },
  'POST error-reports': { method: 'POST', url: () => '/apiv2/error-reports', schema: ErrorReportBody },
  'PUT user/push-subscriptions': {
    method: 'PUT',
    url: () => '/apiv2/user/push-subscriptions',
    schema: PushSubscriptionBody,
  },
  'DELETE user/push-subscriptions': {
    method: 'DELETE',
    url: () => '/apiv2/user/push-subscriptions',
    schema: PushEndpointBody,
  },
};

function send(call: BodyCall, body: unknown) {
  return t.app.inject({
    method: call.method,
    url: call.url(),
    headers: { ...(call.signedIn === false ? {} : as(f.sessions.owner)), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

/** What the server takes: the body as it came, a property the schema does not name refused. */
const satisfies = (schema: TSchema, value: unknown) => Value.Check(schema, value);

function expectValidationShape(body: unknown) {
  expect(body).toEqual({ errors: expect.any(Array) });
  const { errors } = body as { errors: Record<string, unknown>[] };
  expect(errors.length).toBeGreaterThan(0);
  for (const error of errors) {
    expect(Object.keys(error).sort()).toEqual(['errorCode', 'location', 'message', 'path']);
    expect(['body', 'query', 'params', 'headers']).toContain(error.location);
  }
}

describe('request bodies', () => {
  for (const [name, call] of Object.entries(BODY_CALLS)) {
    it(`${name}: schema-valid input never gets a 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(arbitraryOf(call.schema), async (body) => {
          const response = await send(call, body);
          expect(response.statusCode, response.body).toBeLessThan(500);
          if (response.statusCode === 400) expectValidationShape(response.json());
        }),
        { numRuns: 40 },
      );
    });

    it(`${name}: invalid input always gets the 400 shape and changes nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.jsonValue().filter((value) => !satisfies(call.schema, value)),
          async (body) => {
            const response = await send(call, body);
            expect(response.statusCode, response.body).toBe(400);
            expectValidationShape(response.json());
          },
        ),
        { numRuns: 40 },
      );
    });
  }
});

describe('query strings', () => {
  it('GET sites-select: any query is answered with 200 or the 400 shape, never a 5xx', async () => {
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.integer().map(String));
    await fc.assert(
      fc.asyncProperty(
        fc.record({ limit: text, filter: text, allFields: text, includeIds: text }, { requiredKeys: [] }),
        async (query) => {
          const response = await t.app.inject({
            method: 'GET',
            url: `/apiv2/cloud/${f.cloud.id}/sites-select`,
            query,
            headers: as(f.sessions.owner),
          });
          expect([200, 400], response.body).toContain(response.statusCode);
          if (response.statusCode === 400) expectValidationShape(response.json());
        },
      ),
      { numRuns: 60 },
    );
  });

  it('GET sites-select: schema-valid queries are answered with 200', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryOf(SitesSelectQuery), async (query) => {
        const response = await t.app.inject({
          method: 'GET',
          url: `/apiv2/cloud/${f.cloud.id}/sites-select`,
          query: Object.fromEntries(Object.entries(query as object).map(([k, v]) => [k, String(v)])),
          headers: as(f.sessions.owner),
        });
        expect(response.statusCode, response.body).toBe(200);
      }),
      { numRuns: 40 },
    );
  });
});
