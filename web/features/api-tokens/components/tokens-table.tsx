// A list of API tokens with what each may reach (token-access.tsx), its expiry and last use, and its rotate and revoke
// actions; a new secret (after a rotation) is shown once.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiTokenCreated, ApiTokenItem } from '../../../../core/api/api-tokens.ts';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import { ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { DateTime } from '../../account/index.ts';
import { type TokenScope, useApiTokenChange, useApiTokens } from '../api/tokens.ts';
import { RotateDialog } from './rotate-dialog.tsx';
import { SecretDialog } from './secret-dialog.tsx';
import { TokenAccess, useTokenAccess } from './token-access.tsx';

export function TokensTable(props: { readonly scope: TokenScope; readonly labelledBy: string }) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const result = useApiTokens(props.scope, offset);
  const change = useApiTokenChange(props.scope);
  const access = useTokenAccess();
  const [rotating, setRotating] = useState<ApiTokenItem | null>(null);
  const [secret, setSecret] = useState<ApiTokenCreated | null>(null);
  const revoke = async (token: ApiTokenItem) => {
    const confirmed = await confirmDialog({
      title: t('apiTokens.revoke.title'),
      content: t('apiTokens.revoke.content', { name: token.name }),
      confirmLabel: t('apiTokens.revoke.confirm'),
    });
    if (confirmed) {
      change.mutate(
        { kind: 'revoke', tokenId: token.id },
        { onSuccess: () => showMessage({ content: t('apiTokens.revoke.done', { name: token.name }) }) },
      );
    }
  };
  const columns: ListColumn<ApiTokenItem>[] = [
    { id: 'name', header: t('apiTokens.column.name'), cell: (token) => token.name },
    {
      id: 'access',
      header: t('apiTokens.column.access'),
      from: 'sm',
      cell: (token) => <TokenAccess lines={access(token)} />,
      text: (token) => access(token).join(' · '),
    },
    {
      id: 'expires',
      header: t('apiTokens.column.expires'),
      from: 'md',
      nowrap: true,
      cell: (token) => (token.expires_at ? <DateTime iso={token.expires_at} /> : t('apiTokens.list.never')),
    },
    {
      id: 'used',
      header: t('apiTokens.column.lastUsed'),
      cell: (token) =>
        token.last_used_at ? (
          <Box>
            <DateTime iso={token.last_used_at} />
            <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
              {token.last_used_ip}
            </Box>
          </Box>
        ) : (
          t('apiTokens.list.neverUsed')
        ),
    },
    {
      id: 'actions',
      header: t('apiTokens.column.actions'),
      cell: (token) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          <Button
            size="small"
            aria-label={t('apiTokens.rotate.label', { name: token.name })}
            onClick={() => setRotating(token)}
          >
            {t('apiTokens.rotate.action')}
          </Button>
          <Button
            size="small"
            color="error"
            disabled={change.isPending}
            aria-label={t('apiTokens.revoke.label', { name: token.name })}
            onClick={() => revoke(token)}
          >
            {t('apiTokens.revoke.action')}
          </Button>
        </Box>
      ),
    },
  ];
  return (
    <>
      <ListResults
        result={result}
        offset={offset}
        onOffset={setOffset}
        emptyText={t('apiTokens.list.empty')}
        columns={columns}
        rowKey={(token) => token.id}
        labelledBy={props.labelledBy}
      />
      {rotating && (
        <RotateDialog
          token={rotating}
          pending={change.isPending}
          onSubmit={(graceHours) =>
            change.mutate(
              { kind: 'rotate', tokenId: rotating.id, graceHours },
              {
                onSuccess: (answer) => {
                  setRotating(null);
                  if (answer) setSecret(answer);
                },
              },
            )
          }
          onClose={() => setRotating(null)}
        />
      )}
      {secret && <SecretDialog created={secret} onClose={() => setSecret(null)} />}
    </>
  );
}
