// docs/errors.md error policy: what the user sees when something fails. Registered by the app (ErrorPolicyHost);
// the HTTP client only reports. Only the first error is handled until the user closes its notice.
import type { TFunction } from 'i18next';
import {
  classifyFailure,
  type ErrorNotice,
  type Failure,
  isIgnorableScriptError,
} from '../../../core/errors.ts';
import { isApiError } from '../api-error.ts';
import { APP_VERSION } from '../app-version.ts';
import { confirmDialog, reportErrorDialog } from '../dialogs/dialog-store.ts';
import { showBanner } from '../messages/banner-store.ts';
import type { MessageAction, MessageStore } from '../messages/message-store.ts';
import { notifyErrorListeners } from './error-listeners.ts';
import { errorNoticeText } from './error-notice-text.ts';

export interface ErrorPolicyDeps {
  readonly t: TFunction;
  readonly messages: MessageStore;
  readonly isOnline: () => boolean;
  /** Whether a user is signed in; before that the login page and the frame say what failed. */
  readonly isSignedIn: () => boolean;
  readonly userEmail: () => string;
  /** The address of the user's default cloud (docs/errors.md 403 'Open default cloud'). */
  readonly defaultCloudHref: () => string;
  readonly reload: () => void;
  readonly navigate: (href: string) => void;
}

/** The notice domain of connectivity texts, shared with the offline event so the same text shows once. */
export const CONNECTIVITY_DOMAIN = 'connectivity';
const ERROR_DOMAIN = 'error-policy';

function toFailure(error: unknown): Failure {
  if (isApiError(error)) {
    return {
      kind: error.kind,
      status: error.status,
      incidentId: error.incidentId,
      serverMessage: error.serverMessage,
    };
  }
  return { kind: 'script', status: null };
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

export function createErrorPolicy(deps: ErrorPolicyDeps) {
  const { t } = deps;
  // The notice of the error being handled; the next error is handled once it is closed.
  let handledMessageId: number | null = null;
  let sessionExpired = false;
  let versionMismatchShown = false;

  const isHandling = () =>
    sessionExpired ||
    deps.messages
      .getMessages()
      .some((message) => message.id === handledMessageId && message.state !== 'closing');

  function actionsFor(notice: ErrorNotice, error: unknown): MessageAction[] {
    if (notice.type === 'forbidden') {
      return [
        {
          label: t('platform.errors.openDefaultCloud'),
          onClick: () => deps.navigate(deps.defaultCloudHref()),
        },
      ];
    }
    if (notice.type !== 'generic') return [];
    return [
      { label: t('platform.errors.reloadPage'), onClick: deps.reload },
      {
        label: t('platform.errors.reportError'),
        onClick: () => void reportErrorDialog({ error, user: deps.userEmail() }),
      },
    ];
  }

  function showSessionExpired(): void {
    // Blocking: the only way on is to reload, so the gate stays shut.
    sessionExpired = true;
    void confirmDialog({
      title: t('platform.session.title'),
      content: t('platform.errors.sessionExpired'),
      confirmLabel: t('platform.errors.reloadPage'),
      cancelLabel: null,
      closable: false,
    }).then(deps.reload);
  }

  /** Shows the notice of an error (docs/errors.md); unhandled rejections and window errors come here too. */
  function handleError(error: unknown): void {
    if (isApiError(error) && !deps.isSignedIn()) return;
    if (!isApiError(error) && isIgnorableScriptError(errorMessage(error))) return;
    const notice = classifyFailure(toFailure(error), deps.isOnline());
    if (isHandling() || notice.type === 'sessionExpired') {
      // Not shown (or shown as a dialog): the listeners still hear of it.
      notifyErrorListeners({ level: 'error', message: errorMessage(error), error });
      if (!isHandling()) showSessionExpired();
      return;
    }
    const connectivity = notice.type === 'offline' || notice.type === 'network';
    handledMessageId = deps.messages.showMessage({
      content: errorNoticeText(notice, t),
      variant: 'error',
      domain: connectivity ? CONNECTIVITY_DOMAIN : ERROR_DOMAIN,
      actions: actionsFor(notice, error),
      error,
    });
  }

  /** docs/errors.md version mismatch: the banner and the 'Page Reload Required' dialog once, and a warning notice. */
  function handleServerVersion(serverVersion: string): void {
    if (serverVersion === APP_VERSION || versionMismatchShown) return;
    versionMismatchShown = true;
    showBanner({ id: 'version-mismatch', variant: 'error', content: t('platform.version.banner') });
    notifyErrorListeners({
      level: 'warning',
      message: `Application version ${APP_VERSION} differs from the server's ${serverVersion}`,
    });
    void confirmDialog({
      title: t('platform.version.title'),
      content: t('platform.version.body'),
      confirmLabel: t('platform.errors.reloadPage'),
    }).then((reload) => {
      if (reload) deps.reload();
    });
  }

  /** docs/errors.md offline text as soon as the browser goes offline; it closes when the browser is back. */
  function handleConnectivity(online: boolean): void {
    if (online) {
      deps.messages.closeDomain(CONNECTIVITY_DOMAIN);
      return;
    }
    deps.messages.showMessage({
      content: t('platform.errors.offline'),
      variant: 'error',
      domain: CONNECTIVITY_DOMAIN,
    });
  }

  return { handleError, handleServerVersion, handleConnectivity };
}

export type ErrorPolicy = ReturnType<typeof createErrorPolicy>;
