// The editor's fields for plain values: switches, selects, numbers, texts and lists of plain values.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfigLabels, useEditor } from './editor-context.tsx';
import type { EnumValue, JsonSchema } from './schema-model.ts';

export interface LeafProps<T> {
  readonly path: string;
  readonly label: string;
  readonly value: T;
  readonly onChange: (value: T) => void;
}

/** A field with its problems and what the page says about it (origin, revert) below it. */
export function LeafFrame({
  path,
  label,
  children,
  problems = true,
}: {
  readonly path: string;
  readonly label: string;
  readonly children: ReactNode;
  /** False when the control shows its problems itself (text fields). */
  readonly problems?: boolean;
}) {
  const { problemsAt, decorate } = useEditor();
  return (
    <Box sx={{ display: 'grid', gap: 0.5, alignContent: 'start', minWidth: 0 }}>
      {children}
      {problems &&
        problemsAt(path).map((text) => (
          <FormHelperText key={text} error>
            {text}
          </FormHelperText>
        ))}
      {decorate?.(path, label)}
    </Box>
  );
}

const helper = (problems: readonly string[]) => (problems.length > 0 ? problems.join(' ') : undefined);

export function BooleanField({ path, label, value, onChange }: LeafProps<unknown>) {
  const { disabled } = useEditor();
  return (
    <LeafFrame path={path} label={label}>
      <FormControlLabel
        control={
          <Switch
            checked={value === true}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked)}
          />
        }
        label={label}
      />
    </LeafFrame>
  );
}

export function EnumField({
  path,
  label,
  value,
  onChange,
  options,
}: LeafProps<unknown> & { readonly options: readonly EnumValue[] }) {
  const { disabled, problemsAt } = useEditor();
  const labels = useConfigLabels();
  const index = options.indexOf(value as EnumValue);
  return (
    <LeafFrame path={path} label={label} problems={false}>
      <TextField
        select
        label={label}
        value={index < 0 ? '' : String(index)}
        disabled={disabled}
        error={problemsAt(path).length > 0}
        helperText={helper(problemsAt(path))}
        onChange={(event) => onChange(options[Number(event.target.value)])}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        fullWidth
      >
        {index < 0 && <option value="" disabled />}
        {options.map((option, at) => (
          <option key={String(option)} value={String(at)}>
            {labels.option(option)}
          </option>
        ))}
      </TextField>
    </LeafFrame>
  );
}

/** A whole number; what is not one is kept as typed, so the document's check names it at the field. */
export const parseInteger = (text: string): number | string =>
  /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text;

export function TextLeaf({
  path,
  label,
  value,
  onChange,
  integer = false,
  maxLength,
  disabled: disabledHere = false,
}: LeafProps<unknown> & {
  readonly integer?: boolean;
  readonly maxLength?: number;
  readonly disabled?: boolean;
}) {
  const { disabled, problemsAt } = useEditor();
  const problems = problemsAt(path);
  return (
    <LeafFrame path={path} label={label} problems={false}>
      <TextField
        label={label}
        value={value === null || value === undefined ? '' : String(value)}
        disabled={disabled || disabledHere}
        error={problems.length > 0}
        helperText={helper(problems)}
        onChange={(event) => onChange(integer ? parseInteger(event.target.value) : event.target.value)}
        slotProps={{
          htmlInput: { inputMode: integer ? 'numeric' : undefined, maxLength, autoComplete: 'off' },
        }}
        fullWidth
      />
    </LeafFrame>
  );
}

/** A channel or Tx power: 'auto', or a number once "automatic" is unticked. */
export function AutoOrNumberField({
  path,
  label,
  value,
  onChange,
  inner,
}: LeafProps<unknown> & { readonly inner: JsonSchema }) {
  const { t } = useTranslation();
  const { disabled } = useEditor();
  const auto = value === 'auto';
  const start = typeof inner.minimum === 'number' ? inner.minimum : 1;
  return (
    <LeafFrame path={path} label={label} problems={false}>
      <FormControlLabel
        control={
          <Checkbox
            checked={auto}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked ? 'auto' : start)}
          />
        }
        label={t('config.editor.auto', { field: label })}
      />
      <TextLeafBare path={path} label={label} value={auto ? '' : value} onChange={onChange} disabled={auto} />
    </LeafFrame>
  );
}

/** The number field of AutoOrNumberField, framed by it. */
function TextLeafBare({
  path,
  label,
  value,
  onChange,
  disabled: off,
}: LeafProps<unknown> & { disabled: boolean }) {
  const { disabled, problemsAt } = useEditor();
  const problems = problemsAt(path);
  return (
    <TextField
      label={label}
      value={value === null || value === undefined ? '' : String(value)}
      disabled={disabled || off}
      error={problems.length > 0}
      helperText={helper(problems)}
      onChange={(event) => onChange(parseInteger(event.target.value))}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      fullWidth
    />
  );
}

/** Bands, days: a box per option. */
export function EnumListField({
  path,
  label,
  value,
  onChange,
  options,
}: LeafProps<unknown> & { readonly options: readonly EnumValue[] }) {
  const { disabled } = useEditor();
  const labels = useConfigLabels();
  const chosen = Array.isArray(value) ? (value as EnumValue[]) : [];
  return (
    <LeafFrame path={path} label={label}>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="body2" color="text.secondary">
          {label}
        </Typography>
        <FormGroup row>
          {options.map((option) => (
            <FormControlLabel
              key={String(option)}
              label={labels.option(option)}
              control={
                <Checkbox
                  checked={chosen.includes(option)}
                  disabled={disabled}
                  onChange={(event) =>
                    onChange(
                      options.filter((one) => (one === option ? event.target.checked : chosen.includes(one))),
                    )
                  }
                />
              }
            />
          ))}
        </FormGroup>
      </Box>
    </LeafFrame>
  );
}

const listText = (value: unknown) => (Array.isArray(value) ? value.map(String).join(', ') : '');
const parseList = (text: string, integer: boolean) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => (integer ? parseInteger(part) : part));

/** NTP servers, networks, tagged VLANs: values separated by commas. */
export function ValueListField({
  path,
  label,
  value,
  onChange,
  integer,
}: LeafProps<unknown> & { readonly integer: boolean }) {
  const { t } = useTranslation();
  const { disabled, problemsAt } = useEditor();
  // The text as typed, so a trailing comma stays while the next value is typed.
  const [text, setText] = useState(listText(value));
  const shown = listText(parseList(text, integer)) === listText(value) ? text : listText(value);
  const problems = problemsAt(path);
  return (
    <LeafFrame path={path} label={label} problems={false}>
      <TextField
        label={label}
        value={shown}
        disabled={disabled}
        error={problems.length > 0}
        // How to type the values, for whoever may: a read-only field's hint would only be faint text.
        helperText={helper(problems) ?? (disabled ? undefined : t('config.editor.listHelp'))}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseList(event.target.value, integer));
        }}
        slotProps={{ htmlInput: { autoComplete: 'off' } }}
        fullWidth
      />
    </LeafFrame>
  );
}
