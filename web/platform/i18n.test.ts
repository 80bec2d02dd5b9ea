// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { currentLocale, i18n, initI18n, setLocale, userLocale } from './i18n.ts';

afterEach(async () => {
  await setLocale('en');
});

describe('i18n', () => {
  it('refuses to start with a locale outside the supported list', () => {
    expect(() => initI18n('fr')).toThrow('Unsupported locale: fr');
    expect(() => initI18n('zh-CN')).toThrow('Unsupported locale: zh-CN');
  });

  it('refuses to switch to an unsupported locale', () => {
    expect(() => setLocale('de')).toThrow('Unsupported locale: de');
  });

  it('starts in English with the strings usable at once', () => {
    void initI18n();
    expect(i18n.t('shell.notFound.title')).toBe('Page not found');
    expect(currentLocale()).toBe('en');
  });

  it('loads another language on demand and marks the document language', async () => {
    await initI18n('zh_TW');
    expect(currentLocale()).toBe('zh_TW');
    expect(i18n.t('shell.userMenu.logout')).toBe('登出');
    expect(document.documentElement.lang).toBe('zh-TW');
    await setLocale('es_419');
    expect(i18n.t('auth.login.throttled', { seconds: 5 })).toBe(
      'Demasiados intentos de inicio de sesión. Vuelve a intentarlo en 5 segundos.',
    );
  });

  it("falls back to English for a user's unsupported preferred language", () => {
    expect(userLocale('hu')).toBe('hu');
    expect(userLocale('fr')).toBe('en');
    expect(userLocale(null)).toBe('en');
  });
});
