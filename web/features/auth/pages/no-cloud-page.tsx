import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Where a user without any cloud membership lands after logging in. */
export function NoCloudPage() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="page-title" variant="h1">
        {t('routes.title.noCloud')}
      </Typography>
      <Typography>{t('auth.noCloud.body')}</Typography>
    </Box>
  );
}
