// /v2/cloud/{cloudId}/account-security: the password, two-factor sign-in, the live sessions and the
// personal API tokens.
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../platform/page-loader.tsx';
import { PageSection } from '../../../platform/page-section.tsx';
import { PersonalTokensSection } from '../../api-tokens/index.ts';
import { useCachedMe } from '../../auth/index.ts';
import { useSecurity } from '../api/get-security.ts';
import { PasswordSection } from '../components/password-section.tsx';
import { SessionsSection } from '../components/sessions-section.tsx';
import { TwoFactorSection } from '../components/two-factor-section.tsx';

export function AccountSecurityPage() {
  const { t } = useTranslation();
  const user = useCachedMe()?.user;
  const security = useSecurity();
  return (
    <PageSection routeKey="accountSecurity" maxWidth={880}>
      {user && <PasswordSection user={user} />}
      <Divider />
      {security.isError ? (
        <Alert severity="error">{t('account.security.loadFailed')}</Alert>
      ) : !security.data ? (
        <PageLoader />
      ) : (
        <>
          <TwoFactorSection security={security.data} />
          <Divider />
          <SessionsSection sessions={security.data.sessions} />
          <Divider />
          <PersonalTokensSection isAdministrator={user?.is_administrator === true} />
        </>
      )}
    </PageSection>
  );
}
