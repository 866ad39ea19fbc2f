import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, useState, type ReactNode } from 'react';
import type { ApiClient } from './client';
import { isApiError } from './client';
import { missingProviderError } from '../SentinelProvider/missingProvider';

const ApiContext = createContext<ApiClient | undefined>(undefined);

/** A query client with the product's defaults: no retry on client errors, one retry on server errors. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) =>
          count < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Gives screens the API client (and a TanStack Query cache). Embedding teams pass their own client, built
 * with createApiClient and their own token getter.
 */
export function ApiProvider({
  client,
  queryClient,
  children,
}: {
  /** Undefined while the host has none yet: what is inside stays mounted, and useApi says what is missing. */
  client: ApiClient | undefined;
  queryClient?: QueryClient | undefined;
  children: ReactNode;
}) {
  const [fallback] = useState(createQueryClient);
  return (
    <ApiContext.Provider value={client}>
      <QueryClientProvider client={queryClient ?? fallback}>{children}</QueryClientProvider>
    </ApiContext.Provider>
  );
}

export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client)
    throw missingProviderError('useApi', 'the API client, given by its `client` or `getAccessToken` prop');
  return client;
}
