import { matchRoute, routes } from './routes.ts';

/**
 * The `next` address of the login page, only when it is a same-origin path of a console page
 * (never an open redirect, never the login or logout page itself); null otherwise.
 */
export function safeNextPath(next: string | null | undefined, origin: string): string | null {
  if (!next?.startsWith('/') || next.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  const match = matchRoute(url.pathname);
  if (!match || match.key === 'login' || match.key === 'logout') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a successful login leads: the safe `next` address, else the default cloud's dashboard. */
export function pathAfterLogin(
  next: string | null | undefined,
  origin: string,
  defaultCloudId: number | null,
): string {
  const safe = safeNextPath(next, origin);
  if (safe) return safe;
  return defaultCloudId === null
    ? routes.noCloud.href()
    : routes.cloudDashboard.href({ cloudId: defaultCloudId });
}
