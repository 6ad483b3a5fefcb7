import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { ToastHost } from '../lib/toast.tsx';
import { theme } from './theme.ts';

/**
 * Whether a failed load is tried again: once, when the server or the network failed; never
 * when the server answered the request itself was wrong or refused (4xx), which asking
 * again cannot change.
 */
export function retryLoad(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** The query client of one page view: in the browser, or one server render. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryLoad, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}

/** What every screen stands in, the same in the browser and in the server's render. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ToastHost />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
