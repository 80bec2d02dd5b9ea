// /v2/cloud/{cloudId}/api-tokens (manage_users): the cloud's API tokens (docs/api-tokens.md#cloud-tokens).
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { can } from '../../../../core/policy.ts';
import { parseId } from '../../../../core/route-definition.ts';
import { NotAllowed, PAGE_TITLE_ID, PageSection } from '../../../platform/page-section.tsx';
import { accessOf, useCachedMe } from '../../auth/index.ts';
import { CreateTokenButton } from '../components/create-token-button.tsx';
import { TokensTable } from '../components/tokens-table.tsx';

export function CloudApiTokensPage() {
  const { t } = useTranslation();
  const cloudId = parseId(useParams().cloudId ?? '') ?? 0;
  const membership = useCachedMe()?.memberships.find((candidate) => candidate.cloud_id === cloudId);
  if (!membership || !can(accessOf(membership), 'manage_users')) {
    return (
      <PageSection routeKey="cloudApiTokens">
        <NotAllowed />
      </PageSection>
    );
  }
  const scope = { kind: 'cloud', cloudId } as const;
  return (
    <PageSection routeKey="cloudApiTokens" maxWidth={1100}>
      <Typography color="text.secondary">{t('apiTokens.cloud.intro')}</Typography>
      <CreateTokenButton scope={scope} granter={accessOf(membership)} />
      <TokensTable scope={scope} labelledBy={PAGE_TITLE_ID} />
    </PageSection>
  );
}
