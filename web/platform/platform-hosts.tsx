import { DialogHost } from './dialogs/dialog-host.tsx';
import { ErrorPolicyHost, type PolicySession } from './errors/error-policy-host.tsx';
import { BannerHost } from './messages/banner-host.tsx';
import { MessageHost } from './messages/message-host.tsx';
import { GlobalProgressBar } from './progress/global-progress-bar.tsx';

/** Everything the platform draws once for the whole app: banners, toasts, dialogs, progress, error policy. */
export function PlatformHosts({ session }: { readonly session: () => PolicySession }) {
  return (
    <>
      <ErrorPolicyHost session={session} />
      <GlobalProgressBar />
      <BannerHost />
      <MessageHost />
      <DialogHost />
    </>
  );
}
