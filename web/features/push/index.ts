// What the push feature offers the shell and the other features.

export { pushKeys } from './api/keys.ts';
export { PushToggle } from './components/push-toggle.tsx';
export { PushTokenRefresh } from './components/push-token-refresh.tsx';
