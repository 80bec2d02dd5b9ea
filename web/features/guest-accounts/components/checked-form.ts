// A dialog's form checked as it is typed into (web/features/guest-accounts/components/account-forms.ts): its
// errors shown once the operator tried to send it, the server's refusal, and sending only a form that passes.
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../platform/api-error.ts';
import type { Checked, FieldError } from './account-forms.ts';

export function useCheckedForm<Form, Field extends string, Body, Result>(
  initial: () => Form,
  check: (form: Form, now: Date) => Checked<Body, Field>,
  create: UseMutationResult<Result, Error, Body>,
  onCreated: (result: Result) => void,
) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>(initial);
  const [attempted, setAttempted] = useState(false);
  const checked = check(form, new Date());
  const errors: Partial<Record<Field, FieldError>> = attempted && 'errors' in checked ? checked.errors : {};
  return {
    form,
    errors,
    set: <K extends keyof Form>(key: K, value: Form[K]) =>
      setForm((current) => ({ ...current, [key]: value })),
    /** The field's error in words, or its hint. */
    message: (field: Field, hint?: string) => {
      const error = errors[field];
      return error ? t(error.key, error.values ?? {}) : hint;
    },
    failed: create.error
      ? (isApiError(create.error) && (create.error.errors[0]?.message ?? create.error.serverMessage)) ||
        t('guestAccounts.error.saveFailed')
      : null,
    submit: (event: FormEvent) => {
      event.preventDefault();
      setAttempted(true);
      if ('body' in checked) create.mutate(checked.body, { onSuccess: onCreated });
    },
  };
}
