import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../core/locales.ts';
import { ROUTE_KEYS, routes } from '../core/routes.ts';
import en from './en.json' with { type: 'json' };

const files = import.meta.glob<Record<string, string>>('./*.json', { eager: true, import: 'default' });
const englishKeys = Object.keys(en).sort();

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe('locale files', () => {
  it('exist for exactly the supported languages', () => {
    expect(Object.keys(files).sort()).toEqual(LOCALE_CODES.map((code) => `./${code}.json`).sort());
  });

  it('use keys shaped feature.area.phrase', () => {
    for (const key of englishKeys)
      expect(key).toMatch(/^[a-z][a-zA-Z0-9]*\.[a-z][a-zA-Z0-9]*\.[a-z][a-zA-Z0-9]*$/);
  });

  it('hold a title for every route', () => {
    for (const key of ROUTE_KEYS) expect(englishKeys).toContain(routes[key].titleKey);
  });

  describe.each(LOCALE_CODES)('%s.json', (code) => {
    const messages = files[`./${code}.json`] ?? {};

    it('has exactly the keys of en.json', () => {
      expect(Object.keys(messages).sort()).toEqual(englishKeys);
    });

    it('translates every key with the same placeholders', () => {
      for (const [key, english] of Object.entries(en)) {
        const text = messages[key];
        expect(typeof text === 'string' && text.trim().length > 0, `${code} ${key}`).toBe(true);
        expect(placeholders(text ?? ''), `${code} ${key}`).toEqual(placeholders(english));
      }
    });
  });
});
