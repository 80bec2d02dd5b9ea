// The query keys of API tokens: a person's own, and each cloud's.
import type { TokenScope } from './tokens.ts';

export const apiTokenKeys = {
  all: () => ['api-tokens'] as const,
  scope: (scope: TokenScope) =>
    scope.kind === 'personal'
      ? ([...apiTokenKeys.all(), 'personal'] as const)
      : ([...apiTokenKeys.all(), 'cloud', scope.cloudId] as const),
  page: (scope: TokenScope, offset: number) => [...apiTokenKeys.scope(scope), offset] as const,
};
