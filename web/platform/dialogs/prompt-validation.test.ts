import { describe, expect, it } from 'vitest';
import { validatePromptValue } from './prompt-validation.ts';

describe('prompt validation (docs/validation.md)', () => {
  it('refuses blank values unless blanks are allowed', () => {
    expect(validatePromptValue('', {})).toEqual({ type: 'blank' });
    expect(validatePromptValue('   ', {})).toEqual({ type: 'blank' });
    expect(validatePromptValue('', { allowBlank: true })).toBeNull();
  });

  it("uses the validator's message, or the default text for false", () => {
    const validate = (value: string) => (value === 'bad' ? false : value === 'long' ? 'Too long.' : true);
    expect(validatePromptValue('bad', { validate })).toEqual({ type: 'invalid' });
    expect(validatePromptValue('long', { validate })).toEqual({ type: 'custom', message: 'Too long.' });
    expect(validatePromptValue('fine', { validate })).toBeNull();
  });

  it('accepts when the validator returns nothing or an empty message', () => {
    expect(validatePromptValue('x', { validate: () => undefined })).toBeNull();
    expect(validatePromptValue('x', { validate: () => null })).toBeNull();
    expect(validatePromptValue('x', { validate: () => '' })).toBeNull();
  });
});
