// /v2/cloud/{cloudId}/single-sign-on: the cloud's OpenID Connect provider (docs/single-sign-on.md#a-clouds-provider),
// for owners and administrators.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { can } from '../../../../core/policy.ts';
import { parseId } from '../../../../core/route-definition.ts';
import { routes } from '../../../../core/routes.ts';
import { accessOf, useCachedMe } from '../../auth/index.ts';
import { useSsoSettings } from '../api/single-sign-on.ts';
import { SettingsForm } from '../components/settings-form.tsx';

const TITLE_ID = 'page-title';

export function SingleSignOnPage() {
  const { t } = useTranslation();
  const cloudId = parseId(useParams().cloudId ?? '') ?? 0;
  const membership = useCachedMe()?.memberships.find((candidate) => candidate.cloud_id === cloudId);
  const access = membership ? accessOf(membership) : null;
  const allowed = access !== null && can(access, 'manage_users');
  return (
    <Box
      component="section"
      aria-labelledby={TITLE_ID}
      sx={{ display: 'grid', gap: 2, minWidth: 0, maxWidth: 720 }}
    >
      <Typography id={TITLE_ID} variant="h1">
        {t(routes.cloudSingleSignOn.titleKey)}
      </Typography>
      {allowed && access ? (
        <Settings cloudId={cloudId} granter={access} />
      ) : (
        <Typography>{t('platform.errors.forbidden')}</Typography>
      )}
    </Box>
  );
}

function Settings(props: { readonly cloudId: number; readonly granter: ReturnType<typeof accessOf> }) {
  const { t } = useTranslation();
  const settings = useSsoSettings(props.cloudId);
  if (settings.isPending) return <Typography role="status">{t('sso.settings.loading')}</Typography>;
  if (settings.isError) return <Typography role="alert">{t('platform.errors.server')}</Typography>;
  return (
    <>
      <Typography color="text.secondary">{t('sso.settings.intro')}</Typography>
      <SettingsForm
        key={props.cloudId}
        cloudId={props.cloudId}
        granter={props.granter}
        settings={settings.data}
      />
    </>
  );
}
