// docs/guest-access.md#certificate-and-nas: the cloud's certificate — who it names, who signed it, its
// fingerprint, until when it is valid and how many days are left (a warning from 30 days before) — and
// generating a self-signed one or uploading one.
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CERTIFICATE_WARN_DAYS, type CertificateInfo } from '../../../../core/api/guest-certificate.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { PageLoader } from '../../../platform/page-loader.tsx';
import { useFormatDateTime } from '../../account/index.ts';
import { useCertificate } from '../api/certificate.ts';
import { GenerateDialog } from './generate-dialog.tsx';
import { UploadDialog } from './upload-dialog.tsx';

const HEADING_ID = 'certificate-heading';

function Fact({ label, children }: { readonly label: string; readonly children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: { xs: 0, sm: 2 } }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function Facts({ certificate }: { readonly certificate: CertificateInfo }) {
  const { t } = useTranslation();
  const when = useFormatDateTime();
  const days = certificate.days_left;
  const severity = days <= 0 ? 'error' : days <= CERTIFICATE_WARN_DAYS ? 'warning' : 'success';
  return (
    <>
      <Alert severity={severity} variant="outlined">
        {days <= 0
          ? t('guestCertificate.card.expired')
          : days <= CERTIFICATE_WARN_DAYS
            ? t('guestCertificate.card.expiresSoon', { days })
            : t('guestCertificate.card.daysLeft', { days })}
      </Alert>
      <Box component="dl" sx={{ display: 'grid', gap: 1, m: 0 }}>
        <Fact label={t('guestCertificate.card.subject')}>{certificate.subject}</Fact>
        <Fact label={t('guestCertificate.card.issuer')}>
          {certificate.issuer}
          {certificate.self_signed && ` (${t('guestCertificate.card.selfSigned')})`}
        </Fact>
        <Fact label={t('guestCertificate.card.validFrom')}>
          <time dateTime={certificate.not_before}>{when(certificate.not_before)}</time>
        </Fact>
        <Fact label={t('guestCertificate.card.validUntil')}>
          <time dateTime={certificate.not_after}>{when(certificate.not_after)}</time>
        </Fact>
        <Fact label={t('guestCertificate.card.fingerprint')}>
          <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}>
            {certificate.fingerprint}
          </Box>
        </Fact>
      </Box>
    </>
  );
}

export function CertificateCard({ cloudId }: { readonly cloudId: number }) {
  const { t } = useTranslation();
  const result = useCertificate(cloudId);
  const [dialog, setDialog] = useState<'generate' | 'upload' | null>(null);
  return (
    <Paper
      component="section"
      aria-labelledby={HEADING_ID}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Typography id={HEADING_ID} variant="h2">
        {t('guestCertificate.card.title')}
      </Typography>
      {result.isError ? (
        <LoadFailed message={t('guestCertificate.card.loadFailed')} onRetry={() => void result.refetch()} />
      ) : !result.data ? (
        <PageLoader />
      ) : result.data.certificate === null ? (
        <Typography color="text.secondary">{t('guestCertificate.card.none')}</Typography>
      ) : (
        <Facts certificate={result.data.certificate} />
      )}
      <Typography variant="body2" color="text.secondary">
        {t('guestCertificate.card.keyNote')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => setDialog('generate')}>
          {t('guestCertificate.action.generate')}
        </Button>
        <Button variant="outlined" onClick={() => setDialog('upload')}>
          {t('guestCertificate.action.upload')}
        </Button>
        {result.data?.certificate && (
          // The devices that check the EAP-TTLS server against it take it as their CA certificate.
          <Button
            href={`/apiv2/cloud/${cloudId}/authport/certificate/pem`}
            download
            startIcon={<DownloadIcon />}
          >
            {t('guestCertificate.action.download')}
          </Button>
        )}
      </Box>
      <GenerateDialog cloudId={cloudId} open={dialog === 'generate'} onClose={() => setDialog(null)} />
      <UploadDialog cloudId={cloudId} open={dialog === 'upload'} onClose={() => setDialog(null)} />
    </Paper>
  );
}
