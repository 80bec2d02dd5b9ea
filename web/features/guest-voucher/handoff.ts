// docs/guest-access.md#the-voucher-page: the guest's language from the browser, and the handoff to the NAS
// as Coova-Chilli expects it: http://{uamip}:{uamport}/logon?username=..&password=..&userurl=..
import { DEFAULT_LOCALE, type Locale } from '../../../core/locales.ts';

/** The first of the browser's languages the console speaks; Spanish and Chinese by region or script. */
export function browserLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const lower = tag.toLowerCase();
    const [language] = lower.split('-');
    if (language === 'en') return 'en';
    if (language === 'es') return 'es_419';
    if (language === 'hu' || language === 'ja' || language === 'lt') return language;
    if (language === 'zh')
      return /-(tw|hk|mo|hant)\b/.test(lower) && !/-hans\b/.test(lower) ? 'zh_TW' : 'zh_CN';
  }
  return DEFAULT_LOCALE;
}

/** Where the NAS takes the credentials: its address (an IPv4 address only) and port, and where the guest was going. */
export type NasLogin = { readonly uamip: string; readonly uamport: number; readonly userurl: string };

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** The NAS's login address from the page's parameters; null when they name none or a host that is no address. */
export function nasLogin(params: URLSearchParams): NasLogin | null {
  const uamip = params.get('uamip')?.trim() ?? '';
  const port = Number(params.get('uamport') ?? '');
  if (!IPV4.test(uamip) || !Number.isInteger(port) || port < 1 || port > 65535) return null;
  return { uamip, uamport: port, userurl: params.get('userurl') ?? '' };
}

/** The NAS's login address with the credentials; the portal's redirect, when set, is where the guest goes. */
export function handoffUrl(
  nas: NasLogin | null,
  credentials: { readonly username: string; readonly password: string; readonly redirect_url: string | null },
): string | null {
  if (!nas) return null;
  const query = new URLSearchParams({
    username: credentials.username,
    password: credentials.password,
    userurl: credentials.redirect_url ?? nas.userurl,
  });
  return `http://${nas.uamip}:${nas.uamport}/logon?${query.toString()}`;
}
