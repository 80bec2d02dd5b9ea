// A video of the notices' dialogs. One that cannot be played (missing, blocked, a format the browser does
// not know) says so, with a link to its address, instead of leaving a dead black player.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function VideoPlayer({ src, label }: { readonly src: string; readonly label: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <Alert severity="warning">
        {t('shell.video.failed', { title: label })}{' '}
        <Link href={src} target="_blank" rel="noopener">
          {t('shell.video.open')}
        </Link>
      </Alert>
    );
  }
  return (
    <Box
      component="video"
      controls
      preload="metadata"
      src={src}
      aria-label={label}
      onError={() => setFailed(true)}
      sx={{ width: '100%', bgcolor: 'common.black', borderRadius: 1 }}
    />
  );
}
