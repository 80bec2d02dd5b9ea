// The order of the clients list: a labelled native select, which works the same with a keyboard, a screen
// reader and a phone's own picker.
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ClientSort, SortOrder } from '../../../../core/api/clients.ts';

export type SortChoice = { readonly sort: ClientSort; readonly order: SortOrder };

const CHOICES = [
  { sort: 'lastSeen', order: 'desc', key: 'clients.sort.lastSeenDesc' },
  { sort: 'lastSeen', order: 'asc', key: 'clients.sort.lastSeenAsc' },
  { sort: 'hostname', order: 'asc', key: 'clients.sort.hostnameAsc' },
  { sort: 'hostname', order: 'desc', key: 'clients.sort.hostnameDesc' },
  { sort: 'rssi', order: 'desc', key: 'clients.sort.rssiDesc' },
  { sort: 'rssi', order: 'asc', key: 'clients.sort.rssiAsc' },
  { sort: 'traffic', order: 'desc', key: 'clients.sort.trafficDesc' },
  { sort: 'traffic', order: 'asc', key: 'clients.sort.trafficAsc' },
] as const;

export function ClientSortSelect({
  value,
  onChange,
}: {
  readonly value: SortChoice;
  readonly onChange: (choice: SortChoice) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('clients.sort.label')}
      value={`${value.sort} ${value.order}`}
      onChange={(event) => {
        const choice = CHOICES.find((c) => `${c.sort} ${c.order}` === event.target.value);
        if (choice) onChange({ sort: choice.sort, order: choice.order });
      }}
      slotProps={{ select: { native: true } }}
      sx={{ minWidth: 220, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
    >
      {CHOICES.map((choice) => (
        <option key={`${choice.sort} ${choice.order}`} value={`${choice.sort} ${choice.order}`}>
          {t(choice.key)}
        </option>
      ))}
    </TextField>
  );
}
