// A device's picture by family: the catalogue's images are not shipped, so each family has its own icon.
import type { SvgIconComponent } from '@mui/icons-material';
import CellTowerIcon from '@mui/icons-material/CellTower';
import DeviceUnknownIcon from '@mui/icons-material/DeviceUnknown';
import HubIcon from '@mui/icons-material/Hub';
import LanIcon from '@mui/icons-material/Lan';
import RouterIcon from '@mui/icons-material/Router';
import SettingsInputAntennaIcon from '@mui/icons-material/SettingsInputAntenna';
import VideocamIcon from '@mui/icons-material/Videocam';
import WifiIcon from '@mui/icons-material/Wifi';
import WifiTetheringIcon from '@mui/icons-material/WifiTethering';
import Box from '@mui/material/Box';
import type { ProductType } from '../../../../core/domain.ts';

const FAMILY_ICONS: Record<ProductType, SvgIconComponent> = {
  wifi: WifiIcon,
  ptmp: CellTowerIcon,
  metrolinq: SettingsInputAntennaIcon,
  mesh: HubIcon,
  gateway: RouterIcon,
  switch: LanIcon,
  glinq: WifiTetheringIcon,
  smartnvr: VideocamIcon,
};

/** Decorative: the family is written next to it. */
export function ProductIcon({ productType }: { readonly productType: string }) {
  const Icon = Object.hasOwn(FAMILY_ICONS, productType)
    ? FAMILY_ICONS[productType as ProductType]
    : DeviceUnknownIcon;
  return (
    <Box
      sx={{
        display: 'grid',
        placeItems: 'center',
        width: 72,
        height: 72,
        flexShrink: 0,
        borderRadius: 2,
        bgcolor: 'action.hover',
        color: 'primary.main',
      }}
    >
      <Icon aria-hidden sx={{ fontSize: 44 }} />
    </Box>
  );
}
