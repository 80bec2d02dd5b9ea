// Translations of the console (docs/entities.md languages). English is bundled; the other languages load on demand.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  assertLocale,
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  languageTagToLocale,
  localeToLanguageTag,
} from '../../core/locales.ts';
import en from '../../locales/en.json' with { type: 'json' };

type Messages = Record<string, string>;

const loaders = import.meta.glob<{ default: Messages }>(['../../locales/*.json', '!../../locales/en.json']);

/** The one i18next instance of the app; Providers hands it to react-i18next. */
export const i18n = i18next.createInstance();

function ensureInitialised(): void {
  if (i18n.isInitialized) return;
  i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: localeToLanguageTag(DEFAULT_LOCALE),
    fallbackLng: localeToLanguageTag(DEFAULT_LOCALE),
    load: 'currentOnly',
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  i18n.on('languageChanged', (tag: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = tag;
  });
}

async function loadMessages(locale: Locale): Promise<void> {
  const tag = localeToLanguageTag(locale);
  if (i18n.hasResourceBundle(tag, 'translation')) return;
  const load = loaders[`../../locales/${locale}.json`];
  if (!load) throw new Error(`Unsupported locale: ${locale}`);
  const messages = await load();
  i18n.addResourceBundle(tag, 'translation', messages.default);
}

/** Switches the language; a locale outside the supported list throws (docs/validation.md). */
export function setLocale(locale: string): Promise<void> {
  const checked = assertLocale(locale);
  ensureInitialised();
  return loadMessages(checked).then(async () => {
    await i18n.changeLanguage(localeToLanguageTag(checked));
  });
}

/** Initialises translations; English strings are usable as soon as this returns. */
export function initI18n(locale: string = DEFAULT_LOCALE): Promise<void> {
  const checked = assertLocale(locale);
  ensureInitialised();
  return setLocale(checked);
}

/** The user's preferred language when the console supports it, else English. */
export function userLocale(preferredLanguage: string | null | undefined): Locale {
  return isLocale(preferredLanguage) ? preferredLanguage : DEFAULT_LOCALE;
}

export function currentLocale(): Locale {
  return languageTagToLocale(i18n.language ?? '') ?? DEFAULT_LOCALE;
}
