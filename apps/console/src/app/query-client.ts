import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';
import { subscribeToToken } from '../lib/auth-token.ts';

function shouldRetry(failureCount: number, error: unknown) {
  // An answer from the server (401, 404, 422, status 0) will not change on retry; a dropped connection may.
  if (error instanceof ApiError && !error.isNetworkFailure) return false;
  return failureCount < 2;
}

/** One user's data must never show to the next: a sign-in or sign-out drops every cached query. */
export function forgetDataOnSessionChange(queryClient: QueryClient) {
  return subscribeToToken(() => queryClient.removeQueries());
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
