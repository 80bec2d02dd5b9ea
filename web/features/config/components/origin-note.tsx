// docs/configuration.md#inheritance: on a device, whether a field's value is the site's or the device's own,
// and the way back to the site's for an override.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { Origin } from '../../../../core/config/tree.ts';
import { visuallyHidden } from '../../../platform/visually-hidden.ts';

/**
 * Where the value at a path comes from: its own leaf, the leaf it is part of (a list that is one leaf), or
 * the leaves under it (an optional group), any of the device's making it an override.
 */
export function originAt(
  origins: Readonly<Record<string, Origin>>,
  path: string,
): { readonly origin: Origin; readonly path: string } | null {
  const own = origins[path];
  if (own) return { origin: own, path };
  for (let at = path; at.includes('/'); ) {
    at = at.slice(0, at.lastIndexOf('/'));
    const above = origins[at];
    if (above) return { origin: above, path: at };
  }
  const below = Object.entries(origins).filter(([leaf]) => leaf.startsWith(`${path}/`));
  if (below.length === 0) return null;
  return { origin: below.some(([, origin]) => origin === 'device') ? 'device' : 'site', path };
}

export function OriginNote({
  origin,
  label,
  onRevert,
}: {
  readonly origin: Origin;
  readonly label: string;
  /** Absent when the override may not be reverted. */
  readonly onRevert?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Chip
        size="small"
        variant="outlined"
        // Primary rather than warning: the warning colour's text is too faint on an outlined chip (axe).
        color={origin === 'device' ? 'primary' : 'default'}
        label={origin === 'device' ? t('config.origin.device') : t('config.origin.site')}
      />
      {origin === 'device' && onRevert && (
        <Button size="small" onClick={onRevert}>
          {t('config.origin.revert')}
          <Box component="span" sx={visuallyHidden}>
            {` (${label})`}
          </Box>
        </Button>
      )}
    </Box>
  );
}
