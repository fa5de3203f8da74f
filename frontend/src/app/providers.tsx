import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { setUnauthorizedHandler } from '../api/client';
import { authKeys } from '../features/auth/api';

/**
 * Query cache plus the global 401 rule: any 401 forgets the user, and the route guard then
 * sends them to the login page (remembering where they were).
 */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(() => {
    setUnauthorizedHandler(() => {
      client.setQueryData(authKeys.me(), null);
    });
    return () => setUnauthorizedHandler(null);
  }, [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
