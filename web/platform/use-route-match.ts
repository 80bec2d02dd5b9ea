import { useLocation } from 'react-router';
import { matchRoute, type ParamsOf, type RouteKey, type RouteMatch } from '../../core/routes.ts';

/** The registry route of the current address, with validated ids; null for unknown addresses. */
export function useRouteMatch(): RouteMatch | null {
  return matchRoute(useLocation().pathname);
}

/** The validated params of the page's own route; a page rendered under another route is a programming error. */
export function useRouteParams<K extends RouteKey>(key: K): ParamsOf<K> {
  const match = useRouteMatch();
  if (match?.key !== key) throw new Error(`Page for ${key} rendered at another route`);
  return match.params as ParamsOf<K>;
}
