// docs/validation.md prompt dialog rules: blank values, custom validators, and what each failure says.

/** A custom validator: a message, or false for the default text; true, null, undefined or '' accept. */
export type PromptValidator = (value: string) => string | boolean | null | undefined;

export type PromptProblem =
  | { readonly type: 'blank' }
  | { readonly type: 'invalid' }
  | { readonly type: 'custom'; readonly message: string };

export interface PromptRules {
  readonly allowBlank?: boolean;
  readonly validate?: PromptValidator;
}

/** The reason the value is refused, or null when it is accepted. */
export function validatePromptValue(value: string, rules: PromptRules): PromptProblem | null {
  if (!rules.allowBlank && value.trim() === '') return { type: 'blank' };
  const verdict = rules.validate?.(value);
  if (verdict === false) return { type: 'invalid' };
  if (typeof verdict === 'string' && verdict.trim() !== '') return { type: 'custom', message: verdict };
  return null;
}
