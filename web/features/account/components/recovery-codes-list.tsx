// Recovery codes, shown once: the user keeps them (download or copy) before leaving the step.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

export function RecoveryCodesList({
  codes,
  onDone,
}: {
  readonly codes: string[];
  readonly onDone: () => void;
}) {
  const { t } = useTranslation();
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 480 }}>
      <Alert severity="warning">{t('account.recoveryCodes.keep')}</Alert>
      <Box
        component="ol"
        aria-label={t('account.recoveryCodes.label')}
        sx={{ fontFamily: 'monospace', fontSize: '1.1rem', columns: 2, m: 0, pl: 4 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={download}>
          {t('account.recoveryCodes.download')}
        </Button>
        <Button variant="outlined" onClick={() => navigator.clipboard?.writeText(text)}>
          {t('account.recoveryCodes.copy')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {t('account.recoveryCodes.done')}
        </Button>
      </Box>
    </Box>
  );
}
