// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../../config.ts';
import { pushServiceUrl } from './push-service-hosts.ts';

const allowed = (endpoint: string) => pushServiceUrl(endpoint, DEFAULT_PUSH_SERVICE_HOSTS) !== null;

describe('pushServiceUrl with the default hosts', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/token',
    'https://fcm.googleapis.com/wp/token',
    'https://updates.push.services.mozilla.com/wpush/v2/token',
    'https://push.services.mozilla.com/wpush/v1/token',
    'https://web.push.apple.com/token',
    'https://api.push.apple.com/3/device/token',
    'https://wns2-by3p.notify.windows.com/w/?token=token',
    'https://FCM.GoogleAPIs.com/fcm/send/token',
  ])('allows %s', (endpoint) => {
    expect(allowed(endpoint)).toBe(true);
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/token',
    'https://fcm.googleapis.com.attacker.example/fcm/send/token',
    'https://evil-fcm.googleapis.com/fcm/send/token',
    'https://googleapis.com/fcm/send/token',
    'https://push.apple.com/token',
    'https://notify.windows.com/w/?token=token',
    'https://evilnotify.windows.com/w/?token=token',
    'https://fcm.googleapis.com@169.254.169.254/latest/meta-data',
    'https://fcm.googleapis.com%2f@127.0.0.1/',
    'https://attacker.example#@fcm.googleapis.com/',
    'https://localhost/fcm/send/token',
    'not a url',
  ])('refuses %s', (endpoint) => {
    expect(allowed(endpoint)).toBe(false);
  });

  it('gives the canonical URL to send to', () => {
    expect(pushServiceUrl('https://FCM.googleapis.com\\fcm/send/a b', DEFAULT_PUSH_SERVICE_HOSTS)?.href).toBe(
      'https://fcm.googleapis.com/fcm/send/a%20b',
    );
  });
});
