// One configuration document in the schema-driven editor: its General and locale section, folded, and its
// kind's own.
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { CONFIG_DOCUMENTS, type ConfigType, SECTION_OF } from '../../../../core/config/document.ts';
import { EditorProvider } from './editor-context.tsx';
import { GeneralDisclosure } from './general-disclosure.tsx';
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
  /** Whether General and locale is unfolded (it is folded otherwise, until clicked or a problem shows in it). */
  readonly generalOpen?: boolean;
}

const GENERAL = 'general_locale';

/** How many problems the fields under a section have. */
function problemsUnder(texts: ProblemTexts, section: string): number {
  let count = 0;
  for (const [path, list] of texts)
    if (path === section || path.startsWith(`${section}/`)) count += list.length;
  return count;
}

export function DocumentEditor({
  type,
  document,
  onChange,
  texts,
  disabled,
  decorate,
  ids,
  generalOpen = false,
}: DocumentEditorProps) {
  const schema = CONFIG_DOCUMENTS[type] as unknown as { properties: Record<string, JsonSchema> };
  const section = SECTION_OF[type];
  const field = (name: string, id?: string) => (
    <SchemaField
      schema={schema.properties[name] ?? {}}
      path={name}
      name={name}
      id={id}
      // Within the disclosure its summary names the section.
      legendHidden={name === GENERAL}
      value={document[name]}
      onChange={(value) => onChange({ ...document, [name]: value })}
    />
  );
  return (
    <EditorProvider value={{ disabled, problemsAt: (path) => texts.get(path) ?? [], decorate }}>
      <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
        <GeneralDisclosure id={ids?.general} open={generalOpen} problems={problemsUnder(texts, GENERAL)}>
          {field(GENERAL)}
        </GeneralDisclosure>
        {field(section, ids?.section)}
      </Box>
    </EditorProvider>
  );
}
