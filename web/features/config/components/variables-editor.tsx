// docs/configuration.md#variables: a site's named values, or a device's own values for them (used over the
// site's), one row each, saved together by the page that owns them.
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { ConfigSection } from './config-section.tsx';

const NAME = /^[a-z][a-z0-9_]{0,31}$/;
type Row = { readonly key: number; readonly name: string; readonly value: string };

export function VariablesEditor({
  variables,
  canChange,
  help,
  saved,
  saving,
  onSave,
}: {
  readonly variables: Readonly<Record<string, string>>;
  readonly canChange: boolean;
  /** What the values are for, under the title. */
  readonly help: string;
  /** Said once they are saved. */
  readonly saved: string;
  readonly saving: boolean;
  /** Saves every variable; a failure is said by the app's error policy. */
  readonly onSave: (variables: Record<string, string>) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>(() =>
    Object.entries(variables).map(([name, value], key) => ({ key, name, value })),
  );
  const [nextKey, setNextKey] = useState(rows.length);
  const problemOf = (row: Row) => {
    if (!NAME.test(row.name)) return t('config.variables.invalidName');
    if (rows.filter((other) => other.name === row.name).length > 1) return t('config.variables.duplicate');
    return undefined;
  };
  const valid = rows.every((row) => problemOf(row) === undefined);
  const change = (key: number, part: Partial<Row>) =>
    setRows(rows.map((row) => (row.key === key ? { ...row, ...part } : row)));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    try {
      await onSave(Object.fromEntries(rows.map((row) => [row.name, row.value])));
    } catch {
      return; // The app's error policy says what failed.
    }
    showMessage({ content: saved });
  };
  return (
    <ConfigSection title={t('config.variables.title')}>
      <Typography variant="body2" color="text.secondary">
        {help}
      </Typography>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        {rows.length === 0 && <Typography>{t('config.variables.empty')}</Typography>}
        {rows.map((row) => (
          <Box
            key={row.key}
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: '1fr auto', sm: '1fr 2fr auto' },
              alignItems: 'start',
            }}
          >
            <TextField
              label={t('config.variables.name')}
              value={row.name}
              disabled={!canChange}
              error={problemOf(row) !== undefined}
              helperText={problemOf(row)}
              onChange={(event) => change(row.key, { name: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 32, autoComplete: 'off' } }}
            />
            <TextField
              label={t('config.variables.value')}
              value={row.value}
              disabled={!canChange}
              onChange={(event) => change(row.key, { value: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 128, autoComplete: 'off' } }}
              sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
            />
            {canChange && (
              <IconButton
                aria-label={t('config.variables.remove', { name: row.name })}
                onClick={() => setRows(rows.filter((other) => other.key !== row.key))}
              >
                <DeleteIcon />
              </IconButton>
            )}
          </Box>
        ))}
        {canChange && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button
              onClick={() => {
                setRows([...rows, { key: nextKey, name: '', value: '' }]);
                setNextKey(nextKey + 1);
              }}
            >
              {t('config.variables.add')}
            </Button>
            <Button type="submit" variant="contained" disabled={!valid || saving}>
              {t('config.variables.save')}
            </Button>
          </Box>
        )}
      </Box>
    </ConfigSection>
  );
}
