// Who one channel of one alert type reaches: everyone who may see the alert, nobody, or chosen members.
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { NotificationMember } from '../../../../core/api/notification-settings.ts';
import type { ChannelDraft, Mode } from './drafts.ts';

export const MODE_KEYS = {
  everyone: 'notifications.choice.everyone',
  nobody: 'notifications.choice.nobody',
  members: 'notifications.choice.members',
} as const satisfies Record<Mode, string>;

export function ChannelField({
  label,
  value,
  members,
  error,
  onChange,
}: {
  readonly label: string;
  readonly value: ChannelDraft;
  readonly members: readonly NotificationMember[];
  /** The server's refusal of this channel, if any. */
  readonly error?: string;
  readonly onChange: (value: ChannelDraft) => void;
}) {
  const { t } = useTranslation();
  const chosen = members.filter((member) => value.user_ids.includes(member.id));
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <TextField
        select
        size="small"
        label={label}
        value={value.mode}
        error={error !== undefined && value.mode !== 'members'}
        onChange={(event) => onChange({ ...value, mode: event.target.value as Mode })}
      >
        {(Object.keys(MODE_KEYS) as Mode[]).map((mode) => (
          <MenuItem key={mode} value={mode}>
            {t(MODE_KEYS[mode])}
          </MenuItem>
        ))}
      </TextField>
      {value.mode === 'members' && (
        <Autocomplete
          multiple
          size="small"
          options={members}
          value={chosen}
          getOptionLabel={(member) => member.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterSelectedOptions
          onChange={(_event, picked) => onChange({ ...value, user_ids: picked.map((member) => member.id) })}
          renderOption={({ key, ...props }, member) => (
            <li key={key} {...props}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2">{member.name}</Typography>
                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {member.email}
                </Typography>
              </Box>
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('notifications.choice.members')}
              error={error !== undefined}
              helperText={error ?? (chosen.length === 0 ? t('notifications.members.none') : undefined)}
            />
          )}
        />
      )}
      {error !== undefined && value.mode !== 'members' && (
        <Typography variant="caption" color="error">
          {error}
        </Typography>
      )}
    </Box>
  );
}

/** What a channel does, in words: for a site that follows the cloud. */
export function useChannelSummary(members: readonly NotificationMember[]) {
  const { t } = useTranslation();
  return (value: ChannelDraft) => {
    if (value.mode !== 'members') return t(MODE_KEYS[value.mode]);
    const names = members.filter((member) => value.user_ids.includes(member.id)).map((member) => member.name);
    return names.length > 0 ? names.join(', ') : t(MODE_KEYS.nobody);
  };
}
