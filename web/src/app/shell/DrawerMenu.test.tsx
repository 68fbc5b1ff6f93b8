import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { makeSessionUser as makeUser } from '../../test/session-user';
import { DrawerMenu } from './DrawerMenu';

const auth = vi.hoisted(() => ({ user: null as unknown, subscriptionValid: true }));
const helps = vi.hoisted(() => ({ list: [] as unknown[] }));
vi.mock('../providers/AuthProvider', () => ({ useAuth: () => auth }));
vi.mock('../../lib/api', () => ({ api: { get: vi.fn(async () => helps.list) } }));

function renderMenu() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DrawerMenu collapsed={false} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('DrawerMenu', () => {
  beforeEach(() => {
    helps.list = [];
    auth.subscriptionValid = true;
  });

  test('a profile user sees no administration entries', async () => {
    auth.user = makeUser();
    renderMenu();
    expect(screen.queryByText('Usuários')).toBeNull();
    expect(screen.queryByText('Configurações')).toBeNull();
    expect(screen.queryByText('Empresas')).toBeNull();
  });

  test('an agent is offered neither Open.Ai nor Integrações; its flags open Dashboard, Relatórios and the panel', () => {
    auth.user = makeUser();
    const { unmount } = renderMenu();
    for (const label of ['Open.Ai', 'Integrações', 'Dashboard', 'Relatórios', 'Painel de Atendimentos']) {
      expect(screen.queryByText(label)).toBeNull();
    }
    unmount();
    auth.user = makeUser({ showDashboard: 'enabled', allowRealTime: 'enabled' });
    renderMenu();
    for (const label of ['Dashboard', 'Relatórios', 'Painel de Atendimentos']) expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.queryByText('Open.Ai')).toBeNull();
  });

  test('an admin sees the administration group but not the super entries', () => {
    auth.user = makeUser({ profile: 'admin' });
    renderMenu();
    expect(screen.getByText('Administração')).toBeInTheDocument();
    expect(screen.getByText('Usuários')).toBeInTheDocument();
    expect(screen.getByText('Filas & Chatbot')).toBeInTheDocument();
    expect(screen.queryByText('Empresas')).toBeNull();
  });

  test('a super user also sees Empresas; help appears once the list has items', async () => {
    helps.list = [{ id: 1 }];
    auth.user = makeUser({ profile: 'admin', super: true });
    renderMenu();
    expect(screen.getByText('Empresas')).toBeInTheDocument();
    expect(await screen.findByText('Ajuda')).toBeInTheDocument();
  });

  test('an expired subscription hides everything but the basics', () => {
    auth.user = makeUser({ profile: 'admin', super: true });
    auth.subscriptionValid = false;
    renderMenu();
    expect(screen.queryByText('Usuários')).toBeNull();
    expect(screen.queryByText('Empresas')).toBeNull();
  });
});
