// What the tunnels feature offers the other features: the Remote web access button of the dashboards.

export { tunnelKeys } from './api/keys.ts';
export type { TunnelTarget } from './api/open-tunnel.ts';
export { RemoteAccessButton } from './components/remote-access-button.tsx';
