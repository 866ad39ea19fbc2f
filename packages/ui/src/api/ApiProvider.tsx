import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, useState, type ReactNode } from 'react';
import type { ApiClient } from './client';
import { isApiError } from './client';

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
  client: ApiClient;
  queryClient?: QueryClient;
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
  if (!client) throw new Error('useApi must be used inside <ApiProvider>.');
  return client;
}
