import { useRouteError } from 'react-router';
import { routes } from '../../core/routes.ts';
import { useCachedMe } from '../features/auth/index.ts';
import { CriticalErrorPage } from '../platform/errors/critical-error-page.tsx';

/** The error boundary of every route (docs/errors.md): the page failed to render; the rest of the console still works. */
export function RouteErrorPage() {
  const error = useRouteError();
  const me = useCachedMe();
  const cloudId = me?.default_cloud_id ?? null;
  return (
    <CriticalErrorPage
      error={error}
      homeHref={cloudId === null ? null : routes.cloudDashboard.href({ cloudId })}
      userEmail={me?.user.email ?? ''}
    />
  );
}
