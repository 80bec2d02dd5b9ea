// The navigation answer of the site the map, floor maps and topology tests open: Harbour (7) of cloud 3.
export const NAVIGATION_SITE = {
  id: 7,
  name: 'Harbour',
  cloud_id: 3,
  configEnabled: true,
  sdwan_enabled: false,
  allow_config: true,
  site_permissions: [],
};
