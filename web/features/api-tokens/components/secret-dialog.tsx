// A token's secret, shown once after it is made or rotated, with a copy button.
import { useTranslation } from 'react-i18next';
import type { ApiTokenCreated } from '../../../../core/api/api-tokens.ts';
import { LinkDialog } from '../../../platform/link-dialog.tsx';

export function SecretDialog(props: { readonly created: ApiTokenCreated; readonly onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <LinkDialog
      title={t('apiTokens.secret.title', { name: props.created.api_token.name })}
      notice={t('apiTokens.secret.notice')}
      severity="warning"
      label={t('apiTokens.secret.label')}
      link={props.created.token}
      copyLabel={t('apiTokens.secret.copy')}
      onClose={props.onClose}
    />
  );
}
