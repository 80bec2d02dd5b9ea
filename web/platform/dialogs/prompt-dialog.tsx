import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromptOptions } from './dialog-store.ts';
import { ModalShell } from './modal-shell.tsx';
import { type PromptProblem, validatePromptValue } from './prompt-validation.ts';

function useProblemText() {
  const { t } = useTranslation();
  return (problem: PromptProblem | null): string | null => {
    if (problem === null) return null;
    if (problem.type === 'blank') return t('platform.prompt.blank');
    if (problem.type === 'invalid') return t('platform.prompt.invalid');
    return problem.message;
  };
}

/** docs/validation.md: validated from the first submit attempt on, on every change; submit is disabled while invalid. */
export function PromptDialog({
  options,
  onDone,
}: {
  readonly options: PromptOptions;
  readonly onDone: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const problemText = useProblemText();
  const [value, setValue] = useState(options.initialValue ?? '');
  const [attempted, setAttempted] = useState(false);
  const problem = attempted ? validatePromptValue(value, options) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (validatePromptValue(value, options) === null) onDone(value);
  };

  return (
    <ModalShell
      open
      title={options.title}
      onClose={() => onDone(null)}
      actions={
        <>
          <Button onClick={() => onDone(null)}>{options.cancelLabel ?? t('platform.dialogs.cancel')}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={problem !== null}>
            {options.submitLabel ?? t('platform.dialogs.ok')}
          </Button>
        </>
      }
    >
      {options.content && <DialogContentText sx={{ mb: 2 }}>{options.content}</DialogContentText>}
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          label={options.label}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={problem !== null}
          helperText={problemText(problem) ?? ' '}
          autoFocus
          fullWidth
          margin="dense"
        />
      </form>
    </ModalShell>
  );
}
