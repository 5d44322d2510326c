import { QueryClient } from '@tanstack/react-query';
import { STAGE_MUTATION_KEY, stageRetryOptions } from '../backend/staging';

export function createAppQueryClient(options: { stageRetryDelayMs?: number } = {}): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 5_000 } } });
  client.setMutationDefaults(STAGE_MUTATION_KEY, stageRetryOptions(options.stageRetryDelayMs));
  return client;
}
