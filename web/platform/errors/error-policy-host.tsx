import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { routes } from '../../../core/routes.ts';
import { isApiError } from '../api-error.ts';
import { onServerVersion } from '../http-events.ts';
import { i18n } from '../i18n.ts';
import { messages } from '../messages/message-store.ts';
import { addErrorListener } from './error-listeners.ts';
import { createErrorPolicy } from './error-policy.ts';

/** Who is signed in, as the policy needs it; null before login. */
export type PolicySession = { readonly email: string; readonly defaultCloudId: number | null } | null;

/** Put in a query's or mutation's meta when the page shows the failure itself. */
export const LOCAL_ERRORS = { errorPolicy: 'local' } as const;

/** Put in a form's mutation meta: the form shows a 400's field errors, the policy handles any other failure. */
export const FIELD_ERRORS = { errorPolicy: 'fields' } as const;

const handlesOwnErrors = (meta: Record<string, unknown> | undefined, error: unknown) =>
  meta?.errorPolicy === 'local' ||
  (meta?.errorPolicy === 'fields' && isApiError(error) && error.kind === 'validation');

function logToConsole(): () => void {
  return addErrorListener(({ level, message, error }) => {
    if (level === 'warning') console.warn(message);
    else console.error(error ?? message);
  });
}

/**
 * Registers the docs/errors.md error policy for the app: failed queries and mutations, window errors, unhandled
 * rejections, the browser going offline, and the server's version on every answer. Renders nothing.
 */
export function ErrorPolicyHost({ session }: { readonly session: () => PolicySession }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const policy = createErrorPolicy({
      t: i18n.t.bind(i18n),
      messages,
      isOnline: () => navigator.onLine,
      isSignedIn: () => session() !== null,
      userEmail: () => session()?.email ?? '',
      defaultCloudHref: () => {
        const cloudId = session()?.defaultCloudId ?? null;
        return cloudId === null ? routes.noCloud.href() : routes.cloudDashboard.href({ cloudId });
      },
      reload: () => window.location.reload(),
      navigate: (href) => window.location.assign(href),
    });
    const onWindowError = (event: ErrorEvent) => policy.handleError(event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent) => policy.handleError(event.reason);
    const onOffline = () => policy.handleConnectivity(false);
    const onOnline = () => policy.handleConnectivity(true);
    window.addEventListener('error', onWindowError);
    window.addEventListener('unhandledrejection', onRejection);
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    const cleanups = [
      logToConsole(),
      onServerVersion(policy.handleServerVersion),
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (!handlesOwnErrors(event.query.meta, event.action.error)) policy.handleError(event.action.error);
      }),
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (!handlesOwnErrors(event.mutation.meta, event.action.error))
          policy.handleError(event.action.error);
      }),
    ];
    return () => {
      window.removeEventListener('error', onWindowError);
      window.removeEventListener('unhandledrejection', onRejection);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      for (const cleanup of cleanups) cleanup();
    };
  }, [queryClient, session]);
  return null;
}
