// /v2/cloud/{cloudId}/authport/certificate (docs/guest-access.md#certificate-and-nas): the cloud's certificate,
// its NAS and the sites' RADIUS secrets (manage_sites).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { can } from '../../../../core/policy.ts';
import { parseId } from '../../../../core/route-definition.ts';
import { routes } from '../../../../core/routes.ts';
import { accessOf, useCachedMe } from '../../auth/index.ts';
import { CertificateCard } from '../components/certificate-card.tsx';
import { NasTable } from '../components/nas-table.tsx';
import { SiteSecrets } from '../components/site-secrets.tsx';

const TITLE_ID = 'page-title';

export function CertificatePage() {
  const { t } = useTranslation();
  const cloudId = parseId(useParams().cloudId ?? '') ?? 0;
  const membership = useCachedMe()?.memberships.find((candidate) => candidate.cloud_id === cloudId);
  const allowed = membership !== undefined && can(accessOf(membership), 'manage_sites');
  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id={TITLE_ID} variant="h1">
        {t(routes.authportCertificate.titleKey)}
      </Typography>
      {allowed ? (
        <>
          <CertificateCard cloudId={cloudId} />
          <SiteSecrets cloudId={cloudId} />
          <NasTable cloudId={cloudId} />
        </>
      ) : (
        <Typography>{t('platform.errors.forbidden')}</Typography>
      )}
    </Box>
  );
}
