// Account Security: two-factor sign-in. Turning it on takes the password, a scan of the QR code (or the
// secret typed in) and a first code; the recovery codes are then shown once.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountSecurity, TwoFactorSetup } from '../../../../core/api/account.ts';
import { accountFieldError } from '../account-errors.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { useEnableTwoFactor } from '../api/enable-two-factor.ts';
import { useRenewRecoveryCodes } from '../api/renew-recovery-codes.ts';
import { useSetupTwoFactor } from '../api/setup-two-factor.ts';
import { PasswordConfirm } from './password-confirm.tsx';
import { QrCode } from './qr-code.tsx';
import { RecoveryCodesList } from './recovery-codes-list.tsx';

type Step =
  | { kind: 'idle' }
  | { kind: 'password'; purpose: 'setup' | 'disable' | 'renew' }
  | { kind: 'scan'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] };

export function TwoFactorSection({ security }: { readonly security: AccountSecurity }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const setup = useSetupTwoFactor();
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const idle = () => setStep({ kind: 'idle' });

  const confirm = (purpose: 'setup' | 'disable' | 'renew') => {
    const mutation = { setup, disable, renew }[purpose];
    const labels = {
      setup: t('account.twoFactor.continue'),
      disable: t('account.twoFactor.turnOff'),
      renew: t('account.twoFactor.renew'),
    };
    const submit = (password: string) => {
      if (purpose === 'setup')
        setup.mutate(password, { onSuccess: (data) => setStep({ kind: 'scan', setup: data }) });
      if (purpose === 'disable') disable.mutate(password, { onSuccess: idle });
      if (purpose === 'renew')
        renew.mutate(password, {
          onSuccess: (data) => setStep({ kind: 'codes', codes: data.recovery_codes }),
        });
    };
    return (
      <PasswordConfirm
        submitLabel={labels[purpose]}
        onSubmit={submit}
        onCancel={idle}
        pending={mutation.isPending}
        error={accountFieldError(mutation.error, '/password', t)}
      />
    );
  };

  return (
    <Box component="section" aria-labelledby="two-factor-title" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="two-factor-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('account.twoFactor.title')}
      </Typography>
      {step.kind === 'codes' ? (
        <RecoveryCodesList codes={step.codes} onDone={idle} />
      ) : step.kind === 'scan' ? (
        <ScanStep
          setup={step.setup}
          onEnabled={(codes) => setStep({ kind: 'codes', codes })}
          onCancel={idle}
        />
      ) : security.two_factor_enabled ? (
        <>
          <Alert severity="success">
            {t('account.twoFactor.on', { count: security.recovery_codes_left })}
          </Alert>
          {step.kind === 'password' ? (
            confirm(step.purpose)
          ) : (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button variant="outlined" onClick={() => setStep({ kind: 'password', purpose: 'renew' })}>
                {t('account.twoFactor.renew')}
              </Button>
              <Button color="error" onClick={() => setStep({ kind: 'password', purpose: 'disable' })}>
                {t('account.twoFactor.turnOff')}
              </Button>
            </Box>
          )}
        </>
      ) : (
        <>
          <Typography color="text.secondary">{t('account.twoFactor.off')}</Typography>
          {step.kind === 'password' ? (
            confirm('setup')
          ) : (
            <Box>
              <Button variant="contained" onClick={() => setStep({ kind: 'password', purpose: 'setup' })}>
                {t('account.twoFactor.turnOn')}
              </Button>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}

function ScanStep(props: {
  readonly setup: TwoFactorSetup;
  readonly onEnabled: (codes: string[]) => void;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate(code.replace(/\s/g, ''), { onSuccess: (data) => props.onEnabled(data.recovery_codes) });
  };
  const error = accountFieldError(enable.error, '/code', t);
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 480 }}>
      <Typography>{t('account.twoFactor.scan')}</Typography>
      <QrCode value={props.setup.uri} label={t('account.twoFactor.qrLabel')} />
      <Typography>
        {t('account.twoFactor.secret')}{' '}
        <Box component="code" sx={{ wordBreak: 'break-all', fontSize: '1rem' }} data-testid="totp-secret">
          {props.setup.secret}
        </Box>
      </Typography>
      <TextField
        label={t('account.twoFactor.code')}
        name="code"
        autoComplete="one-time-code"
        required
        autoFocus
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9 ]{6,7}', maxLength: 7 } }}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error !== undefined}
        helperText={error}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={enable.isPending}>
          {t('account.twoFactor.confirm')}
        </Button>
        <Button onClick={props.onCancel}>{t('account.security.cancel')}</Button>
      </Box>
    </Box>
  );
}
