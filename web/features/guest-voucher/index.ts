// What the voucher page offers the other features: the portal as guests see it, which the Captive Portals
// designer draws as its live preview (docs/guest-access.md#captive-portals).
export { type PortalLook, PortalView } from './components/portal-view.tsx';
