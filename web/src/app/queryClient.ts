import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../backend/http';

/**
 * A failed read is tried once more, unless apiFetch already retried it (a busy backend): core's
 * retry policy allows 3 tries in all, and a second round would make it 6.
 */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.tries > 1),
        staleTime: 5_000,
      },
    },
  });
}
