import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { retryLoad } from '../lib/retry-load.ts';
import { ToastHost } from '../lib/toast.tsx';
import { theme } from './theme.ts';

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
