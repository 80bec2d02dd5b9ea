import { describe, expect, it } from 'vitest';
import { TASK_STATES, TASK_TYPES } from '../../../core/domain.ts';
import { TASK_STATE_LABELS } from '../../../core/tasks.ts';
import en from '../../../locales/en.json' with { type: 'json' };
import { TASK_STATE_KEYS, TASK_TYPE_DESCRIPTION_KEYS, TASK_TYPE_TITLE_KEYS } from './task-labels.ts';

const english = en as Record<string, string>;

describe('task labels', () => {
  it('shows each state as docs/states.md names it', () => {
    for (const state of TASK_STATES) expect(english[TASK_STATE_KEYS[state]]).toBe(TASK_STATE_LABELS[state]);
  });

  it('gives every task type its own title and a one-line description', () => {
    const titles = TASK_TYPES.map((type) => english[TASK_TYPE_TITLE_KEYS[type]]);
    const descriptions = TASK_TYPES.map((type) => english[TASK_TYPE_DESCRIPTION_KEYS[type]]);
    expect(new Set(titles).size).toBe(TASK_TYPES.length);
    expect(new Set(descriptions).size).toBe(TASK_TYPES.length);
    for (const text of [...titles, ...descriptions]) expect(text).toMatch(/^\S[^\n]*$/);
    for (const text of descriptions) expect(text).toMatch(/\.$/);
  });
});
