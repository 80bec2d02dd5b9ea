import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../platform/api-error.ts';

/** Only failures that another try can fix (no answer, or no answer in time) are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
