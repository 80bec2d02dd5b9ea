// What the cameras feature offers the other features: the address of a recorder's camera on its IP Cameras
// page (docs/cameras.md#alerts).
export { cameraHref } from './camera-href.ts';
