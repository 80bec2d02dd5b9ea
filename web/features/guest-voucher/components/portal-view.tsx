// A captive portal as a guest sees it (docs/guest-access.md#the-voucher-page): its colours, logo, background,
// welcome text and terms, and a form for each way of signing in it offers. The voucher page draws it, and the
// Captive Portals designer draws the same component as its live preview.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, Fragment, type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalMethod, PublicPortal } from '../../../../core/api/guest-portals.ts';
import { PORTAL_CODE_MAX_LENGTH, PORTAL_CREDENTIAL_MAX_LENGTH } from '../../../../core/api/guest-portals.ts';
import { createAppTheme } from '../../../app/theme.ts';

/** What the view draws: the public look of a portal, whatever language its texts are in. */
export type PortalLook = Omit<PublicPortal, 'language'>;

/** What a guest sends with one of the forms. */
export type PortalLoginInput =
  | { readonly method: 'voucher'; readonly code: string }
  | { readonly method: 'account'; readonly username: string; readonly password: string }
  | { readonly method: 'click_through'; readonly accept_terms: boolean }
  | { readonly method: 'email'; readonly email: string; readonly accept_terms: boolean };

export interface PortalViewProps {
  readonly look: PortalLook;
  /** Called with a form's values; without it (the designer's preview) the forms send nothing. */
  readonly onSubmit?: (input: PortalLoginInput) => void;
  readonly busy?: boolean;
  /** Why the last try was refused, in the guest's language. */
  readonly error?: string | null;
  /** Shown in place of the forms once the guest is through. */
  readonly done?: ReactNode;
  /** The portal's name as the page's heading (the voucher page) or as text (inside the designer). */
  readonly heading?: boolean;
  /** Beside the card's foot: the voucher page's language switcher. */
  readonly footer?: ReactNode;
}

/** Black or white, whichever reads better on the colour. */
function contrastOn(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

export function PortalView({
  look,
  onSubmit,
  busy = false,
  error,
  done,
  heading = true,
  footer,
}: PortalViewProps) {
  const { t } = useTranslation();
  const theme = useMemo(() => createAppTheme({ primaryColor: look.primary_color }), [look.primary_color]);
  const ids = useId();
  const [accepted, setAccepted] = useState(false);
  const offers = (method: PortalMethod) => look.methods.includes(method);
  // The terms are accepted once, above the first of the ways that need them.
  const firstFree: PortalMethod | undefined = offers('email')
    ? 'email'
    : offers('click_through')
      ? 'click_through'
      : undefined;
  const acceptTerms = (
    <FormControlLabel
      control={<Checkbox checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />}
      label={t('guestVoucher.field.acceptTerms')}
    />
  );
  const button = {
    bgcolor: look.primary_color,
    color: contrastOn(look.primary_color),
    '&:hover': { bgcolor: look.primary_color, filter: 'brightness(0.92)' },
  };

  const text = (form: FormData, name: string) => String(form.get(name) ?? '');
  /** One way of signing in: its fields and its button, sending what `read` takes from them. */
  const methodForm = (
    label: string,
    action: string,
    read: (form: FormData) => PortalLoginInput,
    fields?: ReactNode,
  ) => (
    <Box
      component="form"
      noValidate
      aria-label={label}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        onSubmit?.(read(new FormData(event.currentTarget)));
      }}
    >
      <Stack spacing={1.5}>
        {fields}
        <Button type="submit" variant="contained" fullWidth disabled={busy} sx={button}>
          {action}
        </Button>
      </Stack>
    </Box>
  );

  const sections: { readonly method: PortalMethod; readonly node: ReactNode }[] = [];
  if (offers('voucher'))
    sections.push({
      method: 'voucher',
      node: methodForm(
        t('guestVoucher.method.voucher'),
        t('guestVoucher.action.connect'),
        (form) => ({ method: 'voucher', code: text(form, 'code').trim() }),
        <TextField
          id={`${ids}-code`}
          name="code"
          label={t('guestVoucher.field.code')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          slotProps={{ htmlInput: { maxLength: PORTAL_CODE_MAX_LENGTH } }}
        />,
      ),
    });
  if (offers('account'))
    sections.push({
      method: 'account',
      node: methodForm(
        t('guestVoucher.method.account'),
        t('guestVoucher.action.signIn'),
        (form) => ({
          method: 'account',
          username: text(form, 'username').trim(),
          password: text(form, 'password'),
        }),
        <>
          <TextField
            id={`${ids}-username`}
            name="username"
            label={t('guestVoucher.field.username')}
            autoComplete="username"
            autoCapitalize="none"
            required
            slotProps={{ htmlInput: { maxLength: PORTAL_CREDENTIAL_MAX_LENGTH } }}
          />
          <TextField
            id={`${ids}-password`}
            name="password"
            type="password"
            label={t('guestVoucher.field.password')}
            autoComplete="current-password"
            required
            slotProps={{ htmlInput: { maxLength: PORTAL_CREDENTIAL_MAX_LENGTH } }}
          />
        </>,
      ),
    });
  if (offers('email'))
    sections.push({
      method: 'email',
      node: methodForm(
        t('guestVoucher.method.email'),
        t('guestVoucher.action.continueWithEmail'),
        (form) => ({ method: 'email', email: text(form, 'email').trim(), accept_terms: accepted }),
        <TextField
          id={`${ids}-email`}
          name="email"
          type="email"
          label={t('guestVoucher.field.email')}
          autoComplete="email"
          required
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />,
      ),
    });
  if (offers('click_through'))
    sections.push({
      method: 'click_through',
      node: methodForm(t('guestVoucher.method.clickThrough'), t('guestVoucher.action.connectFree'), () => ({
        method: 'click_through',
        accept_terms: accepted,
      })),
    });

  return (
    <ThemeProvider theme={theme}>
      <Box
        sx={{
          minHeight: '100%',
          display: 'flex',
          alignItems: { xs: 'flex-start', sm: 'center' },
          justifyContent: 'center',
          p: { xs: 1.5, sm: 3 },
          bgcolor: look.background_color,
          backgroundImage: look.background_url ? `url("${look.background_url}")` : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
      >
        <Box
          sx={{
            width: '100%',
            maxWidth: 440,
            bgcolor: '#ffffff',
            color: look.text_color,
            borderRadius: 2,
            boxShadow: '0 2px 12px rgba(0, 0, 0, 0.12)',
            p: { xs: 2.5, sm: 3.5 },
            display: 'grid',
            gap: 2.5,
          }}
        >
          {look.logo_url && (
            <Box
              component="img"
              src={look.logo_url}
              alt={look.name}
              sx={{ maxHeight: 72, maxWidth: '70%', objectFit: 'contain', justifySelf: 'center' }}
            />
          )}
          <Typography
            component={heading ? 'h1' : 'p'}
            variant="h1"
            sx={{ fontSize: '1.5rem', textAlign: 'center', color: 'inherit', overflowWrap: 'anywhere' }}
          >
            {look.name}
          </Typography>
          {look.welcome && (
            <Typography sx={{ whiteSpace: 'pre-line', color: 'inherit', overflowWrap: 'anywhere' }}>
              {look.welcome}
            </Typography>
          )}
          {done ?? (
            <>
              {error && (
                <Alert severity="error" role="alert">
                  {error}
                </Alert>
              )}
              {sections.map(({ method, node }, index) => (
                <Fragment key={method}>
                  {index > 0 && <Divider>{t('guestVoucher.page.or')}</Divider>}
                  {method === firstFree && acceptTerms}
                  {node}
                </Fragment>
              ))}
            </>
          )}
          {look.terms && (
            <Box component="details" sx={{ fontSize: '0.875rem' }}>
              <Box component="summary" sx={{ cursor: 'pointer', fontWeight: 600 }}>
                {t('guestVoucher.page.terms')}
              </Box>
              <Typography
                variant="body2"
                sx={{ whiteSpace: 'pre-line', mt: 1, color: 'inherit', overflowWrap: 'anywhere' }}
              >
                {look.terms}
              </Typography>
            </Box>
          )}
          {footer}
        </Box>
      </Box>
    </ThemeProvider>
  );
}
