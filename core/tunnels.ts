// Who may reach a device's or a recorder's own web page through a tunnel (docs/remote-access.md,
// docs/security.md#remote-web-access), for the server that checks it and the pages that offer it.
import { type Access, isOwnerOrAdmin, sitePermissions } from './policy.ts';

/** A device: change_device_state or live_actions on its site; a device on no site, owners and administrators. */
export function mayReachDevice(access: Access, siteId: number | null): boolean {
  if (siteId === null) return isOwnerOrAdmin(access);
  const granted = sitePermissions(access, siteId);
  return granted.has('change_device_state') || granted.has('live_actions');
}

/** A recorder: owners and administrators only, as Tunnel Management. */
export const mayReachRecorder = (access: Access): boolean => isOwnerOrAdmin(access);

/** Either, by what the tunnel reaches. */
export const mayReach = (access: Access, target: { smartNvrId: number | null; siteId: number | null }) =>
  target.smartNvrId !== null ? mayReachRecorder(access) : mayReachDevice(access, target.siteId);
