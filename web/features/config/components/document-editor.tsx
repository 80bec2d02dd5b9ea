// One configuration document in the schema-driven editor: its General and locale section and its kind's own.
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { CONFIG_DOCUMENTS, type ConfigType, SECTION_OF } from '../../../../core/config/document.ts';
import { EditorProvider } from './editor-context.tsx';
import type { ProblemTexts } from './problems.ts';
import { SchemaField } from './schema-field.tsx';
import type { JsonSchema } from './schema-model.ts';

export type ConfigDocumentValue = Record<string, unknown>;

export interface DocumentEditorProps {
  readonly type: ConfigType;
  readonly document: ConfigDocumentValue;
  readonly onChange: (document: ConfigDocumentValue) => void;
  readonly texts: ProblemTexts;
  readonly disabled: boolean;
  readonly decorate?: (path: string, label: string) => ReactNode;
  /** The anchors of the page on the two sections. */
  readonly ids?: { readonly general?: string; readonly section?: string };
}

export function DocumentEditor({
  type,
  document,
  onChange,
  texts,
  disabled,
  decorate,
  ids,
}: DocumentEditorProps) {
  const schema = CONFIG_DOCUMENTS[type] as unknown as { properties: Record<string, JsonSchema> };
  const sections = [
    ['general_locale', ids?.general],
    [SECTION_OF[type], ids?.section],
  ] as const;
  return (
    <EditorProvider value={{ disabled, problemsAt: (path) => texts.get(path) ?? [], decorate }}>
      <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
        {sections.map(([name, id]) => (
          <SchemaField
            key={name}
            schema={schema.properties[name] ?? {}}
            path={name}
            name={name}
            id={id}
            value={document[name]}
            onChange={(value) => onChange({ ...document, [name]: value })}
          />
        ))}
      </Box>
    </EditorProvider>
  );
}
