import { Navigate } from 'react-router';
import { routes } from '../../core/routes.ts';
import { useCachedMe } from '../features/auth/index.ts';

/** The bare address of the console opens the user's default cloud. */
export function HomeRedirect() {
  const defaultCloudId = useCachedMe()?.default_cloud_id ?? null;
  const target =
    defaultCloudId === null ? routes.noCloud.href() : routes.cloudDashboard.href({ cloudId: defaultCloudId });
  return <Navigate replace to={target} />;
}
