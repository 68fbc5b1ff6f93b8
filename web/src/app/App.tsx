import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { RouterProvider } from 'react-router';
import { AppearanceProvider } from './providers/AppearanceProvider';
import { AuthProvider } from './providers/AuthProvider';
import { PublicSettingsLive } from './providers/PublicSettingsLive';
import { SocketProvider } from './providers/SocketProvider';
import { router } from './router';
import { TOAST_COMPONENTS } from './toast-content';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <AppearanceProvider>
          {/* Bottom-right: toasts never cover the top bar's controls (menu, theme, language, user). */}
          <SnackbarProvider maxSnack={4} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} Components={TOAST_COMPONENTS}>
            <SocketProvider>
              <PublicSettingsLive />
              <RouterProvider router={router} />
            </SocketProvider>
          </SnackbarProvider>
        </AppearanceProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
