// The state of a document being edited on a configuration page: checked as it is edited (core/config/rules.ts)
// with the server's problems while it is still the one the server gave, and sent only without a problem;
// what a save is refused for shows at its fields.
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfigType } from '../../../../core/config/document.ts';
import type { ConfigProblem } from '../../../../core/config/rules.ts';
import { validateConfig } from '../../../../core/config/rules.ts';
import type { ConfigDocumentValue } from './document-editor.tsx';
import { documentProblems, problemTexts } from './problems.ts';

export function useDocumentForm({
  type,
  start,
  serverProblems,
  issuePrefix,
  onSave,
}: {
  readonly type: ConfigType;
  /** The document the form starts from (read once). */
  readonly start: () => ConfigDocumentValue;
  readonly serverProblems: readonly ConfigProblem[];
  /** Where the refused save's issues of this document are (problems.ts). */
  readonly issuePrefix: string;
  /** Saves a document its kind's schema and rules accept, and says so. */
  readonly onSave: (document: ConfigDocumentValue) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [initial] = useState(start);
  const [document, setDocument] = useState(initial);
  const [refused, setRefused] = useState<unknown>(null);
  const [attempted, setAttempted] = useState(false);
  const problems = useMemo(
    () => documentProblems(validateConfig(type, document), serverProblems, document === initial),
    [type, document, initial, serverProblems],
  );
  const texts = problemTexts(t, problems, refused, issuePrefix);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (problems.length > 0) return;
    setRefused(null);
    try {
      await onSave(document);
    } catch (error) {
      // A 400 shows at its fields; the app's error policy reports any other failure.
      setRefused(error);
    }
  };
  return { document, setDocument, problems, texts, attempted, submit };
}
