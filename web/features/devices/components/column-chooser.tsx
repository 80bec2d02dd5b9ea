// Which columns the device list shows, remembered for the user (GET/PUT /apiv2/user/list-columns/devices).
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_COLUMNS, type DeviceColumn } from '../../../../core/device-list.ts';

export interface ColumnChooserProps {
  readonly chosen: readonly DeviceColumn[];
  readonly labels: Readonly<Record<DeviceColumn, string>>;
  readonly onChange: (columns: DeviceColumn[]) => void;
}

export function ColumnChooser({ chosen, labels, onChange }: ColumnChooserProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const toggle = (column: DeviceColumn) =>
    onChange(
      DEVICE_COLUMNS.filter((candidate) =>
        candidate === column ? !chosen.includes(column) : chosen.includes(candidate),
      ),
    );
  return (
    <>
      <Button
        startIcon={<ViewColumnIcon />}
        aria-haspopup="true"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('devices.columns.action')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('devices.columns.label') } }}
      >
        {DEVICE_COLUMNS.map((column) => (
          <MenuItem
            key={column}
            role="menuitemcheckbox"
            aria-checked={chosen.includes(column)}
            // The name links to the device: it is always shown.
            disabled={column === 'name'}
            onClick={() => toggle(column)}
            dense
          >
            <ListItemIcon>
              <Checkbox
                edge="start"
                size="small"
                checked={chosen.includes(column)}
                tabIndex={-1}
                disableRipple
                slotProps={{ input: { 'aria-hidden': true } }}
              />
            </ListItemIcon>
            <ListItemText>{labels[column]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
