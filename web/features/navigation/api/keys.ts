// The query keys of what the drawer and the breadcrumbs name (sites, devices, recorders); their queries
// and the changes that rename something take them from here.
export const navigationKeys = {
  all: () => ['navigation'] as const,
  site: (siteId: number) => [...navigationKeys.all(), 'site', siteId] as const,
  device: (deviceId: number) => [...navigationKeys.all(), 'device', deviceId] as const,
  smartNvr: (smartNvrId: number) => [...navigationKeys.all(), 'smartnvr', smartNvrId] as const,
  smartNvrLicense: (cloudId: number) => [...navigationKeys.all(), 'smartnvr-license', cloudId] as const,
};
