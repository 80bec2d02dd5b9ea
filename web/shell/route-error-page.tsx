import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** The error boundary of every route: the page failed to render, the rest of the console still works. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    // Kept in the browser console until error reporting (SPEC §8) is wired in.
    console.error(error);
  }, [error]);
  return (
    <Box role="alert" sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Typography variant="h2" component="p" sx={{ color: 'error.main' }}>
        {t('shell.error.title')}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('shell.error.reload')}
      </Button>
    </Box>
  );
}
