// What the push feature offers the shell and the other features.
export { PushToggle } from './components/push-toggle.tsx';
export { PushTokenRefresh } from './components/push-token-refresh.tsx';
