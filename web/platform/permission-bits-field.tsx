// The cloud permission bits a grant gives (docs/roles.md), as a member, an API token or single sign-on's
// first sign-in takes them: a box per bit, those the granter does not hold disabled.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { useTranslation } from 'react-i18next';
import { CLOUD_PERMISSION, type CloudPermission } from '../../core/domain.ts';

const BIT_KEYS = {
  manage_licenses: 'users.bits.manageLicenses',
  manage_snvr: 'users.bits.manageSnvr',
  manage_vpc: 'users.bits.manageVpc',
  manage_sites: 'users.bits.manageSites',
} as const satisfies Record<CloudPermission, string>;

const BITS = Object.entries(CLOUD_PERMISSION) as [CloudPermission, number][];

/** The locale keys of the bits set in a mask, in the order the field shows them (for lists). */
export const permissionBitKeys = (bits: number): (typeof BIT_KEYS)[CloudPermission][] =>
  BITS.filter(([, bit]) => (bits & bit) !== 0).map(([name]) => BIT_KEYS[name]);

export function PermissionBitsField(props: {
  readonly legend: string;
  readonly value: number;
  /** The bits the granter may give. */
  readonly held: number;
  readonly onChange: (value: number) => void;
}) {
  const { t } = useTranslation();
  const { value, held, onChange } = props;
  return (
    <FormGroup>
      <FormLabel component="legend">{props.legend}</FormLabel>
      {BITS.map(([name, bit]) => (
        <FormControlLabel
          key={name}
          label={t(BIT_KEYS[name])}
          disabled={(held & bit) === 0}
          control={
            <Checkbox
              checked={(value & bit) !== 0}
              onChange={(event) => onChange(event.target.checked ? value | bit : value & ~bit)}
            />
          }
        />
      ))}
    </FormGroup>
  );
}
