// Web tests: renders some UI inside the app's providers (which mount the platform's hosts) and resets the
// platform's stores afterwards.
import { act, cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../app/query-client.ts';
import { APP_VERSION } from '../app-version.ts';
import { closeAllDialogs } from '../dialogs/dialog-store.ts';
import { emitServerVersion } from '../http-events.ts';
import { initI18n } from '../i18n.ts';
import { clearBanners } from '../messages/banner-store.ts';
import { messages } from '../messages/message-store.ts';

export function renderWithPlatform(ui: ReactNode, queryClient = createQueryClient()) {
  void initI18n();
  const view = render(<Providers queryClient={queryClient}>{ui}</Providers>);
  return { ...view, queryClient };
}

export function resetPlatform(): void {
  cleanup();
  act(() => {
    closeAllDialogs();
    messages.clear();
    clearBanners();
    emitServerVersion(APP_VERSION);
  });
}
