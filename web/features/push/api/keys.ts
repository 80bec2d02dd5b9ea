// The query keys of push notifications in this browser.
export const pushKeys = {
  browserSubscription: () => ['push', 'browser-subscription'] as const,
  vapidPublicKey: () => ['push', 'vapid-public-key'] as const,
};
