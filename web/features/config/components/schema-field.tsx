// The one schema-driven editor of configuration documents (docs/configuration.md#documents): objects become
// fieldsets, booleans switches, enums selects, numbers and texts fields, optional parts a switch, lists of
// items (known by their id, or a radio by its band) a list with add and remove.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemId } from '../../../../core/config/document.ts';
import { promptDialog } from '../../../platform/dialogs/dialog-store.ts';
import { visuallyHidden } from '../../../platform/visually-hidden.ts';
import { useConfigLabels, useEditor, WithoutDecoration } from './editor-context.tsx';
import {
  AutoOrNumberField,
  BooleanField,
  EnumField,
  EnumListField,
  LeafFrame,
  TextLeaf,
  ValueListField,
} from './leaf-fields.tsx';
import { childPath, defaultValue, fieldKind, type JsonSchema } from './schema-model.ts';

type Obj = Record<string, unknown>;
const asObject = (value: unknown): Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {};
const asList = (value: unknown): Obj[] => (Array.isArray(value) ? value.map(asObject) : []);
const ITEM_ID = new RegExp(String((ItemId as { pattern?: string }).pattern));

export interface SchemaFieldProps {
  readonly schema: JsonSchema;
  /** The leaf path of the value (core/config/tree.ts). */
  readonly path: string;
  /** The field's name in its object, for its label. */
  readonly name: string;
  readonly value: unknown;
  readonly onChange: (value: unknown) => void;
  /** The id of an object's fieldset (the page's anchors). */
  readonly id?: string;
  /** An object's legend for screen readers only, where a heading beside it already names it. */
  readonly legendHidden?: boolean;
}

/** Whether a field takes a whole row (a group of fields) rather than a cell of the grid. */
const isGroup = (schema: JsonSchema) => {
  const kind = fieldKind(schema);
  if (kind.kind === 'nullable') return fieldKind(kind.inner).kind === 'object';
  return kind.kind === 'object' || kind.kind === 'keyedList' || kind.kind === 'objectList';
};

export function SchemaField({ schema, path, name, value, onChange, id, legendHidden }: SchemaFieldProps) {
  const labels = useConfigLabels();
  const label = labels.field(name);
  const kind = fieldKind(schema);
  const leaf = { path, label, value, onChange };
  switch (kind.kind) {
    case 'object':
      return (
        <ObjectFields
          schema={schema}
          path={path}
          label={label}
          value={value}
          onChange={onChange}
          id={id}
          legendHidden={legendHidden}
        />
      );
    case 'boolean':
      return <BooleanField {...leaf} />;
    case 'enum':
      return <EnumField {...leaf} options={kind.options} />;
    case 'integer':
      return <TextLeaf {...leaf} integer />;
    case 'string':
      return <TextLeaf {...leaf} maxLength={kind.maxLength} />;
    case 'autoOr':
      return <AutoOrNumberField {...leaf} inner={kind.inner} />;
    case 'enumList':
      return <EnumListField {...leaf} options={kind.options} />;
    case 'valueList':
      return <ValueListField {...leaf} integer={fieldKind(kind.item).kind === 'integer'} />;
    case 'nullable':
      return <NullableField {...leaf} name={name} inner={kind.inner} />;
    case 'keyedList':
      return <KeyedListField {...leaf} item={kind.item} identity={kind.key} max={kind.max} />;
    case 'objectList':
      return <ObjectListField {...leaf} item={kind.item} max={kind.max} />;
  }
}

const fieldsetSx = { border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gap: 2 } as const;
const gridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
  alignItems: 'start',
} as const;

function Problems({ path }: { readonly path: string }) {
  const { problemsAt } = useEditor();
  return problemsAt(path).map((text) => (
    <FormHelperText key={text} error>
      {text}
    </FormHelperText>
  ));
}

export function ObjectFields({
  schema,
  path,
  label,
  value,
  onChange,
  id,
  heading,
  action,
  legendHidden = false,
}: {
  readonly schema: JsonSchema;
  readonly path: string;
  readonly label: string;
  readonly value: unknown;
  readonly onChange: (value: unknown) => void;
  readonly id?: string;
  /** The legend's text when it is not the field's label (a list item's identity). */
  readonly heading?: string;
  /** A button of the group beside its legend (remove a list item). */
  readonly action?: ReactNode;
  /** The legend for screen readers only. */
  readonly legendHidden?: boolean;
}) {
  const kind = fieldKind(schema);
  const object = asObject(value);
  if (kind.kind !== 'object') return null;
  const depth = path.split('/').length;
  return (
    <Box component="fieldset" id={id} sx={{ ...fieldsetSx, position: 'relative', scrollMarginTop: 80 }}>
      <Typography
        component="legend"
        variant={depth <= 1 ? 'h3' : 'subtitle1'}
        sx={legendHidden ? visuallyHidden : { mb: 1, fontWeight: 500 }}
      >
        {heading ?? label}
      </Typography>
      {action && <Box sx={{ position: 'absolute', top: -8, right: -8 }}>{action}</Box>}
      <Problems path={path} />
      <Box sx={gridSx}>
        {kind.properties.map(([name, child]) => (
          <Box key={name} sx={{ gridColumn: isGroup(child) ? '1 / -1' : undefined, minWidth: 0 }}>
            <SchemaField
              schema={child}
              path={childPath(path, name)}
              name={name}
              value={object[name]}
              onChange={(next) => onChange({ ...object, [name]: next })}
            />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function NullableField({
  path,
  label,
  name,
  value,
  onChange,
  inner,
}: {
  readonly path: string;
  readonly label: string;
  readonly name: string;
  readonly value: unknown;
  readonly onChange: (value: unknown) => void;
  readonly inner: JsonSchema;
}) {
  const { t } = useTranslation();
  const { disabled } = useEditor();
  const set = value !== null && value !== undefined;
  const innerIsObject = fieldKind(inner).kind === 'object';
  return (
    <LeafFrame path={path} label={label} problems={!set || innerIsObject}>
      <FormControlLabel
        control={
          <Switch
            checked={set}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked ? defaultValue(inner) : null)}
          />
        }
        label={t('config.editor.use', { field: label })}
      />
      {set && (
        <WithoutDecoration>
          <Box sx={innerIsObject ? { pl: 2, borderLeft: 2, borderColor: 'divider' } : undefined}>
            <SchemaField schema={inner} path={path} name={name} value={value} onChange={onChange} />
          </Box>
        </WithoutDecoration>
      )}
    </LeafFrame>
  );
}

function ListFrame({
  label,
  path,
  children,
  onAdd,
  full,
}: {
  readonly label: string;
  readonly path: string;
  readonly children: ReactNode;
  readonly onAdd?: () => void;
  readonly full: boolean;
}) {
  const { t } = useTranslation();
  const { disabled } = useEditor();
  return (
    <Box component="fieldset" sx={fieldsetSx}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1, fontWeight: 500 }}>
        {label}
      </Typography>
      <Problems path={path} />
      {children}
      {onAdd && !disabled && (
        <Box>
          <Button startIcon={<AddIcon />} onClick={onAdd} disabled={full}>
            {t('config.editor.addItem', { list: label })}
          </Button>
        </Box>
      )}
    </Box>
  );
}

function RemoveButton({ item, onRemove }: { readonly item: string; readonly onRemove: () => void }) {
  const { t } = useTranslation();
  const { disabled } = useEditor();
  if (disabled) return null;
  return (
    <IconButton aria-label={t('config.editor.removeItem', { item })} onClick={onRemove}>
      <DeleteIcon />
    </IconButton>
  );
}

const itemSx = { p: { xs: 1.5, sm: 2 }, minWidth: 0 } as const;

function KeyedListField({
  path,
  label,
  value,
  onChange,
  item,
  identity,
  max,
}: {
  readonly path: string;
  readonly label: string;
  readonly value: unknown;
  readonly onChange: (value: unknown) => void;
  readonly item: JsonSchema;
  readonly identity: 'id' | 'band';
  readonly max?: number;
}) {
  const { t } = useTranslation();
  const labels = useConfigLabels();
  const items = asList(value);
  const ids = items.map((one) => String(one[identity]));
  // A radio is known by its band: the device has the radios it has, so they are neither added nor removed.
  const editable = identity === 'id';
  const add = async () => {
    const chosen = await promptDialog({
      title: t('config.editor.newItemTitle', { list: label }),
      label: t('config.editor.newItemLabel'),
      validate: (text) =>
        !ITEM_ID.test(text.trim())
          ? t('config.editor.newItemInvalid')
          : ids.includes(text.trim())
            ? t('config.editor.newItemTaken')
            : true,
    });
    if (chosen === null) return;
    onChange([...items, { ...asObject(defaultValue(item)), id: chosen.trim() }]);
  };
  return (
    <ListFrame
      label={label}
      path={path}
      onAdd={editable ? () => void add() : undefined}
      full={max !== undefined && items.length >= max}
    >
      {items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('config.editor.emptyList')}
        </Typography>
      )}
      {items.map((one, index) => {
        const key = ids[index] ?? String(index);
        const heading = identity === 'band' ? labels.option(key) : key;
        return (
          <Paper key={key} variant="outlined" sx={itemSx}>
            <ObjectFields
              action={
                editable && (
                  <RemoveButton
                    item={heading}
                    onRemove={() => onChange(items.filter((_, at) => at !== index))}
                  />
                )
              }
              schema={withoutIdentity(item, identity)}
              path={childPath(path, key)}
              label={label}
              heading={heading}
              value={one}
              onChange={(next) =>
                onChange(
                  items.map((old, at) =>
                    at === index ? { ...asObject(next), [identity]: one[identity] } : old,
                  ),
                )
              }
            />
          </Paper>
        );
      })}
    </ListFrame>
  );
}

/** An item's fields but its identity, which names it and does not change. */
function withoutIdentity(item: JsonSchema, identity: string): JsonSchema {
  const { [identity]: _identity, ...properties } = (item.properties ?? {}) as Record<string, JsonSchema>;
  return { ...item, properties };
}

function ObjectListField({
  path,
  label,
  value,
  onChange,
  item,
  max,
}: {
  readonly path: string;
  readonly label: string;
  readonly value: unknown;
  readonly onChange: (value: unknown) => void;
  readonly item: JsonSchema;
  readonly max?: number;
}) {
  const { t } = useTranslation();
  const { decorate } = useEditor();
  const items = asList(value);
  return (
    <ListFrame
      label={label}
      path={path}
      onAdd={() => onChange([...items, defaultValue(item)])}
      full={max !== undefined && items.length >= max}
    >
      {items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('config.editor.emptyList')}
        </Typography>
      )}
      <WithoutDecoration>
        {items.map((one, index) => {
          const heading = t('config.editor.itemNumber', { list: label, number: index + 1 });
          return (
            <Paper
              // biome-ignore lint/suspicious/noArrayIndexKey: these items have no identity but their place.
              key={index}
              variant="outlined"
              sx={itemSx}
            >
              <ObjectFields
                action={
                  <RemoveButton
                    item={heading}
                    onRemove={() => onChange(items.filter((_, at) => at !== index))}
                  />
                }
                schema={item}
                path={childPath(path, index)}
                label={label}
                heading={heading}
                value={one}
                onChange={(next) => onChange(items.map((old, at) => (at === index ? next : old)))}
              />
            </Paper>
          );
        })}
      </WithoutDecoration>
      {decorate?.(path, label)}
    </ListFrame>
  );
}
