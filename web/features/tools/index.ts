// Tools (docs/tools.md): troubleshooting tools run from a device, for members with the support tools.
export { toolsKeys } from './api/keys.ts';
