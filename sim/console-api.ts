// The console's browser API, as an operator's script uses it: sign in, list what a cloud has, register.
import { setTimeout as sleep } from 'node:timers/promises';
import type { DeviceIdentity, listedDevice } from './identity.ts';

export type ConsoleSession = {
  get: <T>(path: string) => Promise<T>;
  post: <T>(path: string, body: object) => Promise<{ status: number; body: T }>;
};

async function answer(response: Response, what: string) {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function signIn(url: string, email: string, password: string): Promise<ConsoleSession> {
  const login = await fetch(`${url}/apiv2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
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
    get: async (path) => answer(await send(path), `GET ${path}`),
    post: async (path, body) => {
      const response = await send(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
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
    return (await session.get<{ onboarding_key: string }>(`/apiv2/cloud/${cloudId}/onboarding-key`))
      .onboarding_key;
  } catch {
    return undefined;
  }
}

/** Every device and smart NVR of the clouds the session belongs to, each with its cloud's onboarding key. */
export async function listFleet(session: ConsoleSession): Promise<Listed[]> {
  const { clouds } = await session.get<{ clouds: { id: number }[] }>('/apiv2/clouds');
  const found: Listed[] = [];
  for (const cloud of clouds) {
    const onboardingKey = await readOnboardingKey(session, cloud.id);
    const keyed = (items: Listed[]) =>
      items.map((item) => (onboardingKey ? { ...item, onboardingKey } : item));
    for (let offset = 0; ; offset += 100) {
      const page = await session.get<{ items: Listed[]; total: number }>(
        `/apiv2/cloud/${cloud.id}/devices?limit=100&offset=${offset}`,
      );
      found.push(...keyed(page.items));
      if (page.items.length < 100) break;
    }
    try {
      found.push(
        ...keyed((await session.get<{ items: Listed[] }>(`/apiv2/cloud/${cloud.id}/smartnvrs`)).items),
      );
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
  for (const device of fleet) {
    let siteId = sites.get(device.place);
    if (siteId === undefined) {
      const name = `Simulated ${device.place.replace('place-', 'site ')}`;
      const created = await session.post<{ id: number }>(`/apiv2/cloud/${cloudId}/sites`, { name });
      if (created.status === 201) siteId = created.body.id;
      else {
        const list = await session.get<{ items: { id: number; name: string }[] }>(
          `/apiv2/cloud/${cloudId}/sites?search=${encodeURIComponent(name)}&limit=100`,
        );
        siteId = list.items.find((site) => site.name === name)?.id;
      }
      if (siteId === undefined) throw new Error(`could not create site ${name}`);
      sites.set(device.place, siteId);
    }
    const { status, body } = await session.post<{ errors?: { errorCode: string }[] }>(
      `/apiv2/cloud/${cloudId}/devices`,
      {
        site_id: siteId,
        sn: device.sn,
        mac: device.mac,
        product_brand_id: device.productBrandId,
      },
    );
    const duplicate = body.errors?.some((error) => error.errorCode === 'duplicate');
    if (status !== 201 && !duplicate)
      throw new Error(`registering ${device.sn}: ${status} ${JSON.stringify(body)}`);
  }
}
