// The device list's ways to add devices, for those who may register devices on some site (docs/roles.md
// register): one by serial number and MAC, many from a CSV file, or one that called home.
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { routes } from '../../../../core/routes.ts';
import { useRouteMatch } from '../../../platform/use-route-match.ts';
import { useRegistrationSites } from '../api/get-registration-sites.ts';
import { RegisterDeviceDialog } from './register-device-dialog.tsx';

export function RegistrationActions({ cloudId }: { readonly cloudId: number }) {
  const { t } = useTranslation();
  const sites = useRegistrationSites(cloudId).data?.sites ?? [];
  const match = useRouteMatch();
  // On a site's device list, the device goes to that site unless the user chooses another.
  const pageSiteId = match?.key === 'siteDevices' ? match.params.siteId : undefined;
  const [registering, setRegistering] = useState(false);
  if (sites.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setRegistering(true)}>
        {t('devices.register.action')}
      </Button>
      <Button variant="outlined" component={RouterLink} to={routes.devicesImport.href({ cloudId })}>
        {t('devices.import.action')}
      </Button>
      <Button variant="outlined" component={RouterLink} to={routes.devicesPending.href({ cloudId })}>
        {t('devices.pending.action')}
      </Button>
      {registering && (
        <RegisterDeviceDialog
          cloudId={cloudId}
          initialSite={sites.find((site) => site.id === pageSiteId) ?? null}
          onClose={() => setRegistering(false)}
        />
      )}
    </Box>
  );
}
