// The voucher page's language choice and its handoff to the NAS (docs/guest-access.md#the-voucher-page).
import { describe, expect, it } from 'vitest';
import { browserLocale, handoffUrl, nasLogin } from './handoff.ts';

describe('the guest’s language', () => {
  it.each([
    [['fr-FR', 'hu-HU', 'en'], 'hu'],
    [['es-MX'], 'es_419'],
    [['zh-TW'], 'zh_TW'],
    [['zh-Hant-HK'], 'zh_TW'],
    [['zh-Hans-CN'], 'zh_CN'],
    [['zh'], 'zh_CN'],
    [['de-DE', 'fr'], 'en'],
    [[], 'en'],
  ])('%j reads as %s', (languages, locale) => {
    expect(browserLocale(languages)).toBe(locale);
  });
});

describe('the handoff to the NAS', () => {
  const credentials = { username: 'DEMO-0001', password: 'DEMO-0001', redirect_url: null };

  it('sends the credentials and where the guest was going to the NAS’s login address', () => {
    const nas = nasLogin(
      new URLSearchParams('uamip=10.1.0.1&uamport=3990&userurl=http%3A%2F%2Fexample.com%2F'),
    );
    expect(handoffUrl(nas, credentials)).toBe(
      'http://10.1.0.1:3990/logon?username=DEMO-0001&password=DEMO-0001&userurl=http%3A%2F%2Fexample.com%2F',
    );
  });

  it("takes the portal's redirect over where the guest was going", () => {
    const nas = nasLogin(
      new URLSearchParams('uamip=10.1.0.1&uamport=3990&userurl=http%3A%2F%2Fa.example%2F'),
    );
    const url = new URL(handoffUrl(nas, { ...credentials, redirect_url: 'https://hotel.example/' }) ?? '');
    expect(url.searchParams.get('userurl')).toBe('https://hotel.example/');
  });

  it.each([
    ['no NAS address', 'uamport=3990'],
    ['a host name, which could be anyone’s', 'uamip=evil.example&uamport=3990'],
    ['a port out of range', 'uamip=10.1.0.1&uamport=70000'],
    ['no port', 'uamip=10.1.0.1'],
  ])('hands nothing off with %s', (_name, query) => {
    expect(handoffUrl(nasLogin(new URLSearchParams(query)), credentials)).toBeNull();
  });
});
