import { describe, expect, it } from 'vitest';
import {
  assertLocale,
  isLocale,
  LOCALE_CODES,
  LOCALES,
  languageTagToLocale,
  localeToLanguageTag,
} from './locales.ts';

describe('supported locales', () => {
  it('lists exactly the seven languages of docs/constants.md', () => {
    expect(LOCALE_CODES).toEqual(['en', 'es_419', 'hu', 'ja', 'lt', 'zh_CN', 'zh_TW']);
    expect(LOCALES.map((locale) => locale.englishName)).toEqual([
      'English',
      'Spanish (Latin America)',
      'Hungarian',
      'Japanese',
      'Lithuanian',
      'Simplified Chinese',
      'Traditional Chinese',
    ]);
  });

  it('accepts every supported locale', () => {
    for (const code of LOCALE_CODES) {
      expect(assertLocale(code)).toBe(code);
      expect(isLocale(code)).toBe(true);
    }
  });

  it.each(['fr', 'EN', 'es-419', 'zh', '', null, undefined, 42])('rejects %s', (value) => {
    expect(isLocale(value)).toBe(false);
    expect(() => assertLocale(value)).toThrow(`Unsupported locale: ${String(value)}`);
  });

  it('maps locales to BCP-47 tags and back', () => {
    expect(localeToLanguageTag('es_419')).toBe('es-419');
    expect(localeToLanguageTag('zh_CN')).toBe('zh-CN');
    expect(localeToLanguageTag('zh_TW')).toBe('zh-TW');
    expect(localeToLanguageTag('hu')).toBe('hu');
    for (const code of LOCALE_CODES) {
      expect(languageTagToLocale(localeToLanguageTag(code))).toBe(code);
    }
    expect(languageTagToLocale('zh-cn')).toBe('zh_CN');
    expect(languageTagToLocale('fr-FR')).toBeNull();
  });

  it('gives every tag a canonical form Intl accepts', () => {
    for (const locale of LOCALES) {
      expect(Intl.getCanonicalLocales(locale.tag)).toEqual([locale.tag]);
    }
  });
});
