// A new password, checked while it is typed by the rule the server applies (core/passwords.ts).
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { type PasswordProblem, passwordProblem } from '../../core/passwords.ts';

const PROBLEM_KEYS = {
  short: 'account.password.short',
  long: 'account.password.long',
  guessable: 'account.password.guessable',
  personal: 'account.password.personal',
} as const satisfies Record<PasswordProblem, string>;

/** The first problem with a password in the user's language, or undefined when it is acceptable. */
export function usePasswordProblem(password: string, personal: { email: string; names: readonly string[] }) {
  const { t } = useTranslation();
  const problem = passwordProblem(password, personal);
  return problem ? t(PROBLEM_KEYS[problem]) : undefined;
}

export function NewPasswordField(props: {
  readonly label: string;
  readonly name: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The problem to show: the rule's while typing (or once submitted), else the server's. */
  readonly error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={props.label}
      type="password"
      name={props.name}
      autoComplete="new-password"
      required
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      error={props.error !== undefined}
      helperText={props.error ?? t('account.password.rule')}
    />
  );
}
