// The live preview of a brand (docs/vpc.md#preview): the top bar and the sign-in card as the brand's
// customers would see them, drawn from the form's unsaved values.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export type PreviewValues = {
  readonly productName: string;
  /** A #rrggbb colour, or null for the console's own. */
  readonly primaryColor: string | null;
  readonly signInText: string;
  readonly logoUrl: string | null;
};

export function BrandPreview({ values }: { readonly values: PreviewValues }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const primary = values.primaryColor ?? theme.palette.primary.main;
  const onPrimary = theme.palette.getContrastText(primary);
  const name = values.productName.trim() || t('vpc.preview.unnamed');
  const logo = values.logoUrl && (
    <Box
      component="img"
      src={values.logoUrl}
      alt=""
      sx={{ height: 28, maxWidth: 96, objectFit: 'contain' }}
    />
  );
  return (
    <Box
      component="section"
      aria-labelledby="vpc-preview-title"
      sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}
    >
      <Typography id="vpc-preview-title" component="h2" variant="h6">
        {t('vpc.preview.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('vpc.preview.hint')}
      </Typography>
      <Typography component="h3" variant="subtitle2">
        {t('vpc.preview.topBar')}
      </Typography>
      <Box
        data-testid="preview-top-bar"
        sx={{
          bgcolor: primary,
          color: onPrimary,
          borderRadius: 1,
          px: 2,
          minHeight: 56,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          minWidth: 0,
        }}
      >
        {logo}
        <Typography component="p" variant="h6" noWrap sx={{ fontWeight: 600, minWidth: 0 }}>
          {name}
        </Typography>
      </Box>
      <Typography component="h3" variant="subtitle2">
        {t('vpc.preview.signIn')}
      </Typography>
      <Paper
        variant="outlined"
        data-testid="preview-sign-in"
        sx={{ p: 3, display: 'grid', gap: 1.5, justifyItems: 'center', textAlign: 'center' }}
      >
        {values.logoUrl && (
          <Box
            component="img"
            src={values.logoUrl}
            alt=""
            sx={{ maxHeight: 56, maxWidth: '60%', objectFit: 'contain' }}
          />
        )}
        <Typography component="p" variant="h5" sx={{ color: primary }}>
          {name}
        </Typography>
        {values.signInText.trim() && (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
            {values.signInText.trim()}
          </Typography>
        )}
        <Box
          sx={{
            bgcolor: primary,
            color: onPrimary,
            borderRadius: 1,
            px: 3,
            py: 0.75,
            fontWeight: 500,
          }}
        >
          {t('vpc.preview.logIn')}
        </Box>
      </Paper>
    </Box>
  );
}
