// /voucher (docs/guest-access.md#the-voucher-page): the page an access point sends a guest to, with its NAS's
// parameters. It shows the portal of that NAS in the guest's language, checks the guest's code, account,
// click-through or email, and hands the credentials to the NAS's login address. Nothing of the console shows.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  PORTAL_LOGIN_ERRORS,
  type PortalLoginError,
  type PortalLoginResult,
  type PublicPortal,
} from '../../../../core/api/guest-portals.ts';
import { LOCALES, type Locale } from '../../../../core/locales.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiGet, apiPost } from '../../../platform/http.ts';
import { setLocale } from '../../../platform/i18n.ts';
import { PageLoader } from '../../../platform/page-loader.tsx';
import { guestVoucherKeys } from '../api/keys.ts';
import { type PortalLoginInput, PortalView } from '../components/portal-view.tsx';
import { browserLocale, handoffUrl, nasLogin } from '../handoff.ts';

const ERROR_KEYS = {
  unknown: 'guestVoucher.error.unknown',
  wrong_password: 'guestVoucher.error.wrongPassword',
  expired: 'guestVoucher.error.expired',
  used_up: 'guestVoucher.error.usedUp',
  revoked: 'guestVoucher.error.revoked',
  too_many_devices: 'guestVoucher.error.tooManyDevices',
  not_here: 'guestVoucher.error.notHere',
  method_not_allowed: 'guestVoucher.error.methodNotAllowed',
  terms_not_accepted: 'guestVoucher.error.termsNotAccepted',
} as const satisfies Record<PortalLoginError, string>;

/** The page's own frame: the whole window, nothing around it. */
function Frame({ children }: { readonly children: React.ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      {children}
    </Box>
  );
}

/** Shown when the page was not opened by a network's sign-in, or the network has no portal here. */
function NotFromNetwork() {
  const { t } = useTranslation();
  return (
    <Frame>
      <Box sx={{ m: 'auto', p: 3, maxWidth: 440, textAlign: 'center', display: 'grid', gap: 1.5 }}>
        <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
          {t('guestVoucher.notFromNetwork.title')}
        </Typography>
        <Typography>{t('guestVoucher.notFromNetwork.text')}</Typography>
      </Box>
    </Frame>
  );
}

function LanguageSwitch({
  value,
  onChange,
}: {
  readonly value: Locale;
  readonly onChange: (locale: Locale) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('guestVoucher.page.language')}
      value={value}
      onChange={(event) => onChange(event.target.value as Locale)}
      slotProps={{ select: { native: true } }}
      sx={{ justifySelf: 'center', minWidth: 180 }}
    >
      {LOCALES.map((locale) => (
        <option key={locale.code} value={locale.code} lang={locale.tag}>
          {locale.nativeName}
        </option>
      ))}
    </TextField>
  );
}

export function VoucherPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const nas = params.get('nas')?.trim() ?? '';
  const mac = params.get('mac')?.trim() ?? '';
  const ssid = params.get('ssid')?.trim() ?? '';
  const [locale, setLocaleState] = useState<Locale>(() => browserLocale(navigator.languages));
  const [connected, setConnected] = useState<PortalLoginResult | null>(null);
  const fromNetwork = nas !== '' && mac !== '';

  useEffect(() => {
    void setLocale(locale);
  }, [locale]);

  const portal = useQuery({
    queryKey: guestVoucherKeys.portal(nas, ssid, locale),
    queryFn: () =>
      apiGet<PublicPortal>('/apiv2/guest-portal', { nas, ssid: ssid || undefined, lang: locale }),
    enabled: fromNetwork,
    retry: false,
    placeholderData: keepPreviousData,
    meta: LOCAL_ERRORS,
  });
  const login = useMutation({
    mutationFn: (input: PortalLoginInput) =>
      apiPost<PortalLoginResult>('/apiv2/guest-portal/login', {
        nas,
        mac,
        ...(ssid ? { ssid } : {}),
        ...input,
      }),
    meta: LOCAL_ERRORS,
    onSuccess: (result) => {
      const target = handoffUrl(nasLogin(params), result);
      if (target) window.location.assign(target);
      else setConnected(result);
    },
  });

  // The tab names the portal, never the console.
  const name = portal.data?.name;
  useEffect(() => {
    document.title = name ?? t('guestVoucher.page.title');
  }, [name, t]);

  if (!fromNetwork) return <NotFromNetwork />;
  if (portal.isPending) return <PageLoader />;
  if (portal.isError || !portal.data) {
    const missing = isApiError(portal.error) && (portal.error.status === 404 || portal.error.status === 400);
    if (missing) return <NotFromNetwork />;
    return (
      <Frame>
        <Typography role="alert" sx={{ m: 'auto', p: 3, maxWidth: 440, textAlign: 'center' }}>
          {t('guestVoucher.error.unavailable')}
        </Typography>
      </Frame>
    );
  }

  const failure = login.error;
  let error: string | null = null;
  if (failure) {
    const code = isApiError(failure) ? failure.errors[0]?.errorCode : undefined;
    if (isApiError(failure) && failure.status === 429)
      error = t('guestVoucher.error.tooManyTries', {
        minutes: Math.max(1, Math.ceil((failure.retryAfterSeconds ?? 60) / 60)),
      });
    else if (code && (PORTAL_LOGIN_ERRORS as readonly string[]).includes(code))
      error = t(ERROR_KEYS[code as PortalLoginError]);
    else if (code === 'required') error = t('guestVoucher.error.required');
    else if (isApiError(failure) && failure.kind === 'validation') error = t('guestVoucher.error.invalid');
    else error = t('guestVoucher.error.unavailable');
  }

  const done = connected ? (
    <Box role="status" sx={{ display: 'grid', gap: 1.5, textAlign: 'center' }}>
      <Typography sx={{ fontWeight: 600, color: 'inherit' }}>{t('guestVoucher.page.connected')}</Typography>
      {connected.redirect_url && (
        <Link href={connected.redirect_url} rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
          {t('guestVoucher.page.continue')}
        </Link>
      )}
    </Box>
  ) : undefined;

  return (
    <Frame>
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', '& > *': { flex: 1 } }}>
        <PortalView
          look={portal.data}
          onSubmit={(input) => login.mutate(input)}
          busy={login.isPending}
          error={error}
          done={done}
          footer={<LanguageSwitch value={locale} onChange={setLocaleState} />}
        />
      </Box>
    </Frame>
  );
}
