import type { CompanyEvents } from '@chatflow/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { publicSettingsQuery } from './AppearanceProvider';
import { PublicSettingsLive } from './PublicSettingsLive';

// The socket is played by hand: the handler the component registers for the settings channel.
let deliver: (payload: CompanyEvents['settings']) => void = () => {};
vi.mock('./SocketProvider', () => ({
  useCompanyEvent: (kind: string, handler: (payload: CompanyEvents['settings']) => void) => {
    if (kind === 'settings') deliver = handler;
  },
}));

test('a whitelabel key from the settings channel lands in the public settings the theme reads; other keys do not', () => {
  const client = new QueryClient();
  client.setQueryData(publicSettingsQuery.queryKey, { appName: 'Chat-flow', primaryColorLight: '#2563eb' });
  render(
    <QueryClientProvider client={client}>
      <PublicSettingsLive />
    </QueryClientProvider>,
  );
  act(() => deliver({ action: 'update', setting: { key: 'appName', value: 'Atende Já' } }));
  act(() => deliver({ action: 'update', setting: { key: 'appLogoFavicon', value: '/public/logos/a.png' } }));
  act(() => deliver({ action: 'update', setting: { key: 'userRating', value: 'enabled' } }));
  expect(client.getQueryData(publicSettingsQuery.queryKey)).toEqual({
    appName: 'Atende Já',
    primaryColorLight: '#2563eb',
    appLogoFavicon: '/public/logos/a.png',
  });
});
