// The "Make a token" button with its dialog, and the secret shown once the token is made.
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiTokenCreated } from '../../../../core/api/api-tokens.ts';
import type { Access } from '../../../../core/policy.ts';
import { type TokenScope, useCreateApiToken } from '../api/tokens.ts';
import { CreateTokenDialog } from './create-token-dialog.tsx';
import { SecretDialog } from './secret-dialog.tsx';

export function CreateTokenButton(
  props:
    | { readonly scope: { readonly kind: 'personal' }; readonly isAdministrator: boolean }
    | { readonly scope: TokenScope & { readonly kind: 'cloud' }; readonly granter: Access },
) {
  const { t } = useTranslation();
  const create = useCreateApiToken(props.scope);
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const close = () => {
    create.reset();
    setOpen(false);
  };
  const common = {
    pending: create.isPending,
    error: create.error,
    onClose: close,
    onSubmit: (body: Parameters<typeof create.mutate>[0]) =>
      create.mutate(body, {
        onSuccess: (answer) => {
          close();
          setCreated(answer);
        },
      }),
  };
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)} sx={{ justifySelf: 'start' }}>
        {t('apiTokens.create.action')}
      </Button>
      {open &&
        ('granter' in props ? (
          <CreateTokenDialog kind="cloud" cloudId={props.scope.cloudId} granter={props.granter} {...common} />
        ) : (
          <CreateTokenDialog kind="personal" isAdministrator={props.isAdministrator} {...common} />
        ))}
      {created && <SecretDialog created={created} onClose={() => setCreated(null)} />}
    </>
  );
}
