// A part of a page that could not be loaded, said as such, with a way to ask again.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

export function LoadFailed({
  message,
  onRetry,
}: {
  readonly message: string;
  readonly onRetry: () => unknown;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()}>
          {t('platform.load.retry')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
