// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_PUSH_SERVICE_HOSTS, readConfig } from './config.ts';

describe('readConfig', () => {
  it('has defaults that serve the demo on port 8080 from ./data', () => {
    const config = readConfig({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', demo: true, databaseUrl: null });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.theme.news_enabled).toBe(true);
  });

  it('lists every problem at once', () => {
    try {
      readConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DEMO: 'maybe', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const { problems } = error as ConfigError;
      expect(problems).toHaveLength(4);
      expect((error as Error).message).toContain(
        'PORT must be a whole number from 0 to 65535 (got "eighty").',
      );
    }
  });

  it('reads the mail settings, and refuses an SMTP_URL or PUBLIC_URL that is not one', () => {
    expect(readConfig({ PORT: '9000' })).toMatchObject({ smtpUrl: null, publicUrl: 'http://localhost:9000' });
    const mail = readConfig({
      SMTP_URL: 'smtps://u:p@mail.example:465',
      PUBLIC_URL: 'https://console.example/',
    });
    expect(mail).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example:465',
      publicUrl: 'https://console.example',
      mailFrom: 'Network Console <no-reply@console.example>',
    });
    expect(() => readConfig({ SMTP_URL: 'mail.example' })).toThrow(
      /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => readConfig({ PUBLIC_URL: 'console.example' })).toThrow(/PUBLIC_URL must be/);
  });

  it('reads the device API limits per address, and refuses one that is not a whole number', () => {
    expect(readConfig({})).toMatchObject({ agentAdoptRateLimit: 60, agentRateLimit: 1000 });
    expect(readConfig({ AGENT_ADOPT_RATE_LIMIT: '0', AGENT_RATE_LIMIT: '5000' })).toMatchObject({
      agentAdoptRateLimit: 0,
      agentRateLimit: 5000,
    });
    expect(() => readConfig({ AGENT_ADOPT_RATE_LIMIT: '1.5' })).toThrow(/AGENT_ADOPT_RATE_LIMIT must be/);
    expect(() => readConfig({ AGENT_RATE_LIMIT: '-1' })).toThrow(/AGENT_RATE_LIMIT must be/);
  });

  it('reads TRUST_PROXY as off, a count of proxies, or their addresses, and refuses trusting every hop', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      '::1',
    ]);
    for (const value of ['true', '10.0.0.0/33', 'proxy.example', '11']) {
      expect(() => readConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY must be 0, the number of reverse proxies/,
      );
    }
  });

  it('reads PostgreSQL and DEMO=0', () => {
    const config = readConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1/console', DEMO: '0' });
    expect(config.databaseUrl).toBe('postgres://u:p@127.0.0.1/console');
    expect(config.demo).toBe(false);
  });

  it('reads PUSH_SUBJECT, a mailto: address or an https:// URL, unset by default', () => {
    expect(readConfig({}).pushSubject).toBeNull();
    expect(readConfig({ PUSH_SUBJECT: 'mailto:noc@harbour.example' }).pushSubject).toBe(
      'mailto:noc@harbour.example',
    );
    expect(readConfig({ PUSH_SUBJECT: 'https://harbour.example/contact' }).pushSubject).toBe(
      'https://harbour.example/contact',
    );
    for (const subject of ['http://harbour.example', 'noc@harbour.example', 'mailto:noc', 'https://']) {
      expect(() => readConfig({ PUSH_SUBJECT: subject })).toThrow(
        `PUSH_SUBJECT must be a mailto: address or an https:// URL (got "${subject}").`,
      );
    }
  });

  it("reads PUSH_SERVICE_HOSTS, by default the browsers' push services", () => {
    expect(readConfig({}).pushServiceHosts).toEqual(DEFAULT_PUSH_SERVICE_HOSTS);
    expect(DEFAULT_PUSH_SERVICE_HOSTS).toEqual([
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      'push.services.mozilla.com',
      'web.push.apple.com',
      '*.push.apple.com',
      '*.notify.windows.com',
    ]);
    expect(
      readConfig({ PUSH_SERVICE_HOSTS: ' Push.Example.com ,*.push.example.net' }).pushServiceHosts,
    ).toEqual(['push.example.com', '*.push.example.net']);
    for (const hosts of ['push.example.com,', 'https://push.example.com', '*', 'push.*.example.com']) {
      expect(() => readConfig({ PUSH_SERVICE_HOSTS: hosts })).toThrow(
        `PUSH_SERVICE_HOSTS must be host names separated by commas, each may start with "*." (got "${hosts}").`,
      );
    }
  });

  it('merges a theme file over the default theme and rejects a bad one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'theme-'));
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ product_name: 'Skyline Console', news_enabled: false }));
    expect(readConfig({ THEME_FILE: good }).theme).toMatchObject({
      product_name: 'Skyline Console',
      news_enabled: false,
    });
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ primary_color: 'blue' }));
    expect(() => readConfig({ THEME_FILE: bad })).toThrow(/not a valid theme.*primary_color/);
  });
});
