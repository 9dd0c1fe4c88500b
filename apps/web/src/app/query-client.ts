import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // The API client has already told the user about a failed call; repeating it would repeat the toast.
  if (error instanceof ApiError) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache; route loaders outside React use it too. */
export const queryClient = createQueryClient();
