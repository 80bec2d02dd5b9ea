// Account Security: the person's own API tokens (docs/api-tokens.md#personal-tokens).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CreateTokenButton } from './create-token-button.tsx';
import { TokensTable } from './tokens-table.tsx';

const TITLE_ID = 'personal-tokens-title';
const SCOPE = { kind: 'personal' } as const;

export function PersonalTokensSection(props: { readonly isAdministrator: boolean }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id={TITLE_ID} variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('apiTokens.personal.title')}
      </Typography>
      <Typography color="text.secondary">{t('apiTokens.personal.intro')}</Typography>
      <CreateTokenButton scope={SCOPE} isAdministrator={props.isAdministrator} />
      <TokensTable scope={SCOPE} labelledBy={TITLE_ID} />
    </Box>
  );
}
