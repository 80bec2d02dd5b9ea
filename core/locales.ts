// The languages the console is translated into (docs/entities.md "Supported languages").
export const LOCALES = [
  { code: 'en', tag: 'en', englishName: 'English', nativeName: 'English' },
  {
    code: 'es_419',
    tag: 'es-419',
    englishName: 'Spanish (Latin America)',
    nativeName: 'Español (Latinoamérica)',
  },
  { code: 'hu', tag: 'hu', englishName: 'Hungarian', nativeName: 'Magyar' },
  { code: 'ja', tag: 'ja', englishName: 'Japanese', nativeName: '日本語' },
  { code: 'lt', tag: 'lt', englishName: 'Lithuanian', nativeName: 'Lietuvių' },
  { code: 'zh_CN', tag: 'zh-CN', englishName: 'Simplified Chinese', nativeName: '简体中文' },
  { code: 'zh_TW', tag: 'zh-TW', englishName: 'Traditional Chinese', nativeName: '繁體中文' },
] as const;

export type Locale = (typeof LOCALES)[number]['code'];
export type LanguageTag = (typeof LOCALES)[number]['tag'];

export const DEFAULT_LOCALE: Locale = 'en';

export const LOCALE_CODES: readonly Locale[] = LOCALES.map((locale) => locale.code);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value);
}

// docs/validation.md: a locale outside the supported list throws.
export function assertLocale(value: unknown): Locale {
  if (!isLocale(value)) {
    throw new Error(`Unsupported locale: ${String(value)}`);
  }
  return value;
}

/** The BCP-47 language tag of a locale, for `lang` attributes and `Intl`. */
export function localeToLanguageTag(locale: Locale): LanguageTag {
  const entry = LOCALES.find((candidate) => candidate.code === locale);
  if (!entry) {
    throw new Error(`Unsupported locale: ${locale}`);
  }
  return entry.tag;
}

/** The locale for a BCP-47 tag (case-insensitive), or null when it is not supported. */
export function languageTagToLocale(tag: string): Locale | null {
  const lower = tag.toLowerCase();
  return LOCALES.find((candidate) => candidate.tag.toLowerCase() === lower)?.code ?? null;
}
