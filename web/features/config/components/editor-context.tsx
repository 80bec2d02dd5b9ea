// What every field of the configuration editor needs besides its value: whether it may change, the
// problems found at its path, and (on a device) where its value comes from.
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_LABEL_KEYS, OPTION_LABEL_KEYS } from './labels.ts';

export interface EditorContextValue {
  readonly disabled: boolean;
  /** The texts of the problems at a leaf path. */
  readonly problemsAt: (path: string) => readonly string[];
  /** What to show under a leaf field: the device page says whether it is the site's or the device's. */
  readonly decorate?: (path: string, label: string) => ReactNode;
}

const EditorContext = createContext<EditorContextValue>({ disabled: true, problemsAt: () => [] });
export const EditorProvider = EditorContext.Provider;
export const useEditor = () => useContext(EditorContext);

/** Fields inside one leaf (a RADIUS server of a list that is one leaf) are not decorated one by one. */
export function WithoutDecoration({ children }: { readonly children: ReactNode }) {
  const editor = useEditor();
  return <EditorProvider value={{ ...editor, decorate: undefined }}>{children}</EditorProvider>;
}

const hasKey = <T extends object>(map: T, key: string): key is Extract<keyof T, string> =>
  Object.hasOwn(map, key);

/** A field's label and an option's text, from the locale files where they are words. */
export function useConfigLabels() {
  const { t } = useTranslation();
  return {
    field: (name: string) => (hasKey(FIELD_LABEL_KEYS, name) ? t(FIELD_LABEL_KEYS[name]) : name),
    option: (value: string | number) => {
      const key = String(value);
      return hasKey(OPTION_LABEL_KEYS, key) ? t(OPTION_LABEL_KEYS[key]) : key;
    },
  };
}
