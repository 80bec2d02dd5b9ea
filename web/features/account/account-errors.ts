// What the account forms say about a field the server refused, in the user's language.
import type { TFunction } from 'i18next';
import { fieldIssue } from '../../platform/form-errors.ts';

/** The translated problem with a field, or undefined; unknown codes show the server's message. */
export function accountFieldError(error: unknown, path: string, t: TFunction): string | undefined {
  const issue = fieldIssue(error, path);
  if (!issue) return undefined;
  switch (issue.errorCode) {
    case 'wrong_password':
      return t('account.error.wrongPassword');
    case 'required':
      return t('account.error.currentPasswordRequired');
    case 'duplicate':
      return t('account.error.emailTaken');
    case 'mail_not_configured':
      return t('account.error.noMail');
    case 'too_many_links':
      return t('account.error.tooManyLinks');
    case 'timezone':
      return t('account.error.timeZone');
    case 'wrong_code':
      return t('account.error.wrongCode');
    case 'password_short':
      return t('account.password.short');
    case 'password_guessable':
      return t('account.password.guessable');
    case 'password_personal':
      return t('account.password.personal');
    case 'password_unchanged':
      return t('account.password.unchanged');
    default:
      return issue.message;
  }
}
