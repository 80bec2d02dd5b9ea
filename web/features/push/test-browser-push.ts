// Web tests: a stand-in for the browser's push edge (Notification, service worker, PushManager), which
// happy-dom does not have. Tests script the user's answer to the permission prompt and read what was asked.
import { vi } from 'vitest';

type Permission = 'default' | 'granted' | 'denied';

let endpoints = 0;

class FakeSubscription {
  readonly endpoint = `https://push.example.com/send/browser-${++endpoints}`;
  readonly options: { userVisibleOnly: boolean; applicationServerKey: ArrayBuffer | null };
  readonly unsubscribe = vi.fn(async () => {
    browser.subscription = null;
    return true;
  });
  constructor(options: PushSubscriptionOptionsInit) {
    const key = options.applicationServerKey as Uint8Array;
    this.options = {
      userVisibleOnly: options.userVisibleOnly ?? false,
      applicationServerKey: key.slice().buffer,
    };
  }
  toJSON() {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: { p256dh: `B${'k'.repeat(86)}`, auth: 'a'.repeat(22) },
    };
  }
}

const browser = {
  permission: 'default' as Permission,
  subscription: null as FakeSubscription | null,
  registered: false,
};

const pushManager = {
  getSubscription: vi.fn(async () => browser.subscription),
  subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
    browser.subscription = new FakeSubscription(options);
    return browser.subscription;
  }),
};
const registration = { scope: '/', pushManager };

/**
 * Installs the stand-in. `answer` is how the user answers the permission prompt (a function returning a
 * promise lets a test hold the prompt open); `subscribed` starts with a worker and a subscription.
 */
export function installBrowserPush(
  options: { answer?: Permission | (() => Promise<Permission>); subscribed?: boolean } = {},
) {
  const answer = options.answer ?? 'granted';
  browser.permission = options.subscribed ? 'granted' : 'default';
  browser.registered = options.subscribed ?? false;
  browser.subscription = options.subscribed
    ? new FakeSubscription({ userVisibleOnly: true, applicationServerKey: new Uint8Array([4, 1, 2]) })
    : null;
  pushManager.getSubscription.mockClear();
  pushManager.subscribe.mockClear();
  const serviceWorker = {
    register: vi.fn(async () => {
      browser.registered = true;
      return registration;
    }),
    get ready() {
      return Promise.resolve(registration);
    },
    getRegistration: vi.fn(async () => (browser.registered ? registration : undefined)),
  };
  const requestPermission = vi.fn(async () => {
    browser.permission = typeof answer === 'function' ? await answer() : answer;
    return browser.permission;
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: class PushManager {} });
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    value: {
      get permission() {
        return browser.permission;
      },
      requestPermission,
    },
  });
  return { browser, pushManager, serviceWorker, requestPermission };
}

/** A browser without Web Push (or with it removed after a test). */
export function uninstallBrowserPush(): void {
  for (const [target, name] of [
    [navigator, 'serviceWorker'],
    [window, 'PushManager'],
    [window, 'Notification'],
  ] as const)
    Reflect.deleteProperty(target, name);
}
