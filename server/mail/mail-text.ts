// Mail is written in the recipient's language (users.preferred_language) with the web app's own texts, so a
// mail names things as the console does.
import type { Translate as AlertTranslate } from '../../core/alerts/alert-texts.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../core/locales.ts';
import en from '../../locales/en.json' with { type: 'json' };
import es_419 from '../../locales/es_419.json' with { type: 'json' };
import hu from '../../locales/hu.json' with { type: 'json' };
import ja from '../../locales/ja.json' with { type: 'json' };
import lt from '../../locales/lt.json' with { type: 'json' };
import zh_CN from '../../locales/zh_CN.json' with { type: 'json' };
import zh_TW from '../../locales/zh_TW.json' with { type: 'json' };

export type MessageKey = keyof typeof en;
export type Translate = (key: MessageKey, values?: Readonly<Record<string, string | number>>) => string;

const CATALOGUES: Record<Locale, Partial<Record<string, string>>> = { en, es_419, hu, ja, lt, zh_CN, zh_TW };

/** The texts of a language; an unknown one, or a text it lacks, reads in English. */
export function mailText(language: string): Translate {
  const catalogue = CATALOGUES[isLocale(language) ? language : DEFAULT_LOCALE];
  return (key, values = {}) =>
    (catalogue[key] ?? en[key]).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
}

/** The same texts for core/alerts/alert-texts.ts, whose keys come from the alert definitions. */
export function alertTranslate(language: string): AlertTranslate {
  const t = mailText(language);
  return (key, values) => t(key as MessageKey, values);
}
