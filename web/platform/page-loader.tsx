import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** A centred progress indicator while a page or the startup data loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', width: '100%' }}>
      <CircularProgress aria-label={t('shell.loading.label')} />
    </Box>
  );
}
