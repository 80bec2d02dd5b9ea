// The console's service worker for Web Push (docs/states.md push notifications). It is served from the site root
// so that its scope is the whole console. Each push carries JSON {title, body, url, tag}: PushMessage in
// core/api/push.ts.

const SUBSCRIPTIONS_PATH = '/apiv2/user/push-subscriptions';
const VAPID_KEY_PATH = '/apiv2/push/vapid-public-key';

// A new version of the worker takes over at once: it keeps no state a page could depend on.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** A console URL to open; anything from another origin opens the console's home instead. */
function consoleUrl(url) {
  try {
    const parsed = new URL(url, self.location.origin);
    if (parsed.origin === self.location.origin) return parsed.href;
  } catch {
    // Not a URL: the home page below.
  }
  return new URL('/', self.location.origin).href;
}

function readMessage(data) {
  let message = {};
  try {
    message = data ? data.json() : {};
  } catch {
    message = { body: data ? data.text() : '' };
  }
  return {
    title: typeof message.title === 'string' ? message.title : '',
    body: typeof message.body === 'string' ? message.body : '',
    url: consoleUrl(message.url),
    tag: typeof message.tag === 'string' ? message.tag : undefined,
  };
}

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/favicon.svg',
      data: { url: message.url },
    }),
  );
});

/** Focuses the console tab showing the URL, else another console tab taken there, else a new tab. */
async function openConsole(url) {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const showing = tabs.find((tab) => tab.url === url);
  if (showing) return showing.focus();
  for (const tab of tabs) {
    try {
      const focused = await tab.focus();
      return await focused.navigate(url);
    } catch {
      // A tab this worker does not control cannot be navigated: try the next one.
    }
  }
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openConsole(consoleUrl(event.notification.data?.url)));
});

async function vapidKeyBytes() {
  const response = await fetch(VAPID_KEY_PATH, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`VAPID key: HTTP ${response.status}`);
  const { publicKey } = await response.json();
  const base64 = publicKey.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

/**
 * The push service replaced or dropped the subscription: subscribe again and tell the server. Saving
 * needs the CSRF token, which a worker can read only where the Cookie Store API exists; elsewhere the
 * next token refresh of an open console tab saves it.
 */
async function renewSubscription(event) {
  const subscription =
    event.newSubscription ??
    (await self.registration.pushManager.subscribe(
      event.oldSubscription?.options ?? {
        userVisibleOnly: true,
        applicationServerKey: await vapidKeyBytes(),
      },
    ));
  const csrf = self.cookieStore ? await self.cookieStore.get('csrf_token') : null;
  if (!csrf) return;
  const { endpoint, keys } = subscription.toJSON();
  await fetch(SUBSCRIPTIONS_PATH, {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': decodeURIComponent(csrf.value) },
    body: JSON.stringify({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }),
  });
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(renewSubscription(event));
});
