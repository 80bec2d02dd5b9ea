// A 400 answer's issues, for forms that show them beside their fields (docs/api.md#http-conventions error shape).
import { isApiError, type ValidationIssue } from './api-error.ts';

/** The issue the server gave for a field (its JSON pointer, e.g. '/email'), if any. */
export function fieldIssue(error: unknown, path: string): ValidationIssue | undefined {
  if (!isApiError(error) || error.kind !== 'validation') return undefined;
  return error.errors.find((issue) => issue.path === path);
}
