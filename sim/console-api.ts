// The console's browser API, as an operator's script uses it: sign in, list what a cloud has, register.
// Its paths, parameters, bodies and answers are the types generated from the console's OpenAPI document
// (docs/api.md#generating-a-client), so a change to the API that breaks this client breaks the typecheck.
import { setTimeout as sleep } from 'node:timers/promises';
import type { operations, paths } from './generated/console-api.d.ts';
import type { DeviceIdentity, listedDevice } from './identity.ts';

type Method = 'get' | 'post';
/** The console API's paths that answer this method. */
type PathWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends Record<M, unknown> ? P : never;
}[keyof paths];
type OperationOf<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
/** A call's parameters: `path` when the path has any, `query` when it takes any. */
type CallParameters<O> = O extends { parameters: infer A }
  ? Pick<A, ('path' & keyof A) | ('query' & keyof A)>
  : never;
/** The argument is left out when nothing in it is required. */
type Arguments<A> = object extends A ? [request?: A] : [request: A];
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
/** Every answer a call may give: its status and the body the document declares for it. */
export type Answer<O> = O extends { responses: infer R }
  ? { [S in keyof R]: { status: S; body: JsonOf<R[S]> } }[keyof R]
  : never;
type BodyOf<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
/** The body of a call's 200 answer. */
export type Ok<O> = Extract<Answer<O>, { status: 200 }>['body'];

export type ConsoleSession = {
  /** A GET's 200 answer; any other status throws. */
  get: <P extends PathWith<'get'>>(
    path: P,
    ...request: Arguments<CallParameters<OperationOf<P, 'get'>>>
  ) => Promise<Ok<OperationOf<P, 'get'>>>;
  /** A POST's answer, whatever its status. */
  post: <P extends PathWith<'post'>>(
    path: P,
    request: CallParameters<OperationOf<P, 'post'>> & { body: BodyOf<OperationOf<P, 'post'>> },
  ) => Promise<Answer<OperationOf<P, 'post'>>>;
};

/** The body of the guest portal's sign-in, as the simulated guests send it (sim/guests.ts). */
export type GuestPortalLogin = BodyOf<operations['guestPortalLogin']>;
export type GuestPortalLoginAnswer = Answer<operations['guestPortalLogin']>;

/** A path with its parameters filled in and its query string. */
export function urlOf(path: string, request: { path?: object; query?: object } = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = (request.path as Record<string, unknown> | undefined)?.[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined) query.append(name, String(item));
    }
  }
  const search = query.toString();
  return search ? `${filled}?${search}` : filled;
}

async function answer(response: Response, what: string) {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function signIn(url: string, email: string, password: string): Promise<ConsoleSession> {
  const login = await fetch(`${url}/apiv2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password } satisfies BodyOf<OperationOf<'/apiv2/auth/login', 'post'>>),
  });
  if (!login.ok) throw new Error(`signing in as ${email}: ${login.status}`);
  const cookies = login.headers.getSetCookie().map((cookie) => cookie.split(';')[0] as string);
  const csrf = cookies.find((cookie) => cookie.startsWith('csrf_token='))?.slice('csrf_token='.length) ?? '';
  const headers = { cookie: cookies.join('; '), 'x-csrf-token': csrf };
  // A script honours the API's rate limit: on 429 it waits as long as Retry-After says and tries again.
  const send = async (path: string, init: RequestInit = {}): Promise<Response> => {
    for (;;) {
      const response = await fetch(`${url}${path}`, { ...init, headers: { ...headers, ...init.headers } });
      if (response.status !== 429) return response;
      await response.body?.cancel();
      await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000);
    }
  };
  return {
    get: async (path, ...[request]) => {
      const target = urlOf(path, request as { path?: object; query?: object } | undefined);
      return answer(await send(target), `GET ${target}`);
    },
    post: async (path, request) => {
      const response = await send(urlOf(path, request as { path?: object; query?: object }), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request.body),
      });
      return { status: response.status, body: await response.json() } as never;
    },
  };
}

type Listed = Parameters<typeof listedDevice>[0];

/** The cloud's onboarding key, for a member who may register devices; undefined for another. */
export async function readOnboardingKey(
  session: ConsoleSession,
  cloudId: number,
): Promise<string | undefined> {
  try {
    return (await session.get('/apiv2/cloud/{cloudId}/onboarding-key', { path: { cloudId } })).onboarding_key;
  } catch {
    return undefined;
  }
}

/** Every device and smart NVR of the clouds the session belongs to, each with its cloud's onboarding key. */
export async function listFleet(session: ConsoleSession): Promise<Listed[]> {
  const { clouds } = await session.get('/apiv2/clouds');
  const found: Listed[] = [];
  for (const cloud of clouds) {
    const onboardingKey = await readOnboardingKey(session, cloud.id);
    const keyed = (items: Listed[]) =>
      items.map((item) => (onboardingKey ? { ...item, onboardingKey } : item));
    const path = { cloudId: cloud.id };
    for (let offset = 0; ; offset += 100) {
      const page = await session.get('/apiv2/cloud/{cloudId}/devices', {
        path,
        query: { limit: 100, offset },
      });
      found.push(...keyed(page.items));
      if (page.items.length < 100) break;
    }
    try {
      found.push(...keyed((await session.get('/apiv2/cloud/{cloudId}/smartnvrs', { path })).items));
    } catch {
      // A member without manage_snvr does not see the recorders.
    }
  }
  return found;
}

/** Registers generated devices into sites of the cloud, one site per place (created when missing). */
export async function registerFleet(
  session: ConsoleSession,
  cloudId: number,
  fleet: readonly DeviceIdentity[],
) {
  const sites = new Map<string, number>();
  const path = { cloudId };
  for (const device of fleet) {
    let siteId = sites.get(device.place);
    if (siteId === undefined) {
      const name = `Simulated ${device.place.replace('place-', 'site ')}`;
      const created = await session.post('/apiv2/cloud/{cloudId}/sites', { path, body: { name } });
      if (created.status === 201) siteId = created.body.id;
      else {
        const list = await session.get('/apiv2/cloud/{cloudId}/sites', {
          path,
          query: { search: name, limit: 100, offset: 0 },
        });
        siteId = list.items.find((site) => site.name === name)?.id;
      }
      if (siteId === undefined) throw new Error(`could not create site ${name}`);
      sites.set(device.place, siteId);
    }
    const registered = await session.post('/apiv2/cloud/{cloudId}/devices', {
      path,
      body: { site_id: siteId, sn: device.sn, mac: device.mac, product_brand_id: device.productBrandId },
    });
    const duplicate =
      registered.status === 400 && registered.body.errors.some((error) => error.errorCode === 'duplicate');
    if (registered.status !== 201 && !duplicate)
      throw new Error(`registering ${device.sn}: ${registered.status} ${JSON.stringify(registered.body)}`);
  }
}
