// /v2/cloud/{cloudId}/account-security: the password, two-factor sign-in and the live sessions.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../shell/page-loader.tsx';
import { useCachedMe } from '../../auth/api/get-me.ts';
import { useSecurity } from '../api/get-security.ts';
import { PasswordSection } from '../components/password-section.tsx';
import { SessionsSection } from '../components/sessions-section.tsx';
import { TwoFactorSection } from '../components/two-factor-section.tsx';

export function AccountSecurityPage() {
  const { t } = useTranslation();
  const user = useCachedMe()?.user;
  const security = useSecurity();
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ display: 'grid', gap: 3, maxWidth: 880 }}>
      <Typography id="page-title" variant="h1">
        {t('routes.title.accountSecurity')}
      </Typography>
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
        </>
      )}
    </Box>
  );
}
