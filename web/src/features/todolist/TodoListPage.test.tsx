import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import TodoListPage from './TodoListPage';
import { todosKey } from './use-todos';

const auth = vi.hoisted(() => ({ user: { id: 7 } }));
vi.mock('../../app/providers/AuthProvider', () => ({ useAuth: () => auth }));

const stored = (userId = 7) => JSON.parse(localStorage.getItem(todosKey(userId)) ?? '[]') as { text: string }[];

describe('TodoListPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    auth.user = { id: 7 };
  });

  test('adds tasks (blank text ignored), edits one and deletes one after confirming; all kept in localStorage', async () => {
    renderWithProviders(<TodoListPage />);
    expect(screen.getByTestId('todo-empty')).toBeInTheDocument();
    for (const text of ['Ligar para a Maria', '   ', 'Enviar proposta']) {
      await userEvent.clear(screen.getByTestId('todo-input'));
      await userEvent.type(screen.getByTestId('todo-input'), text);
      await userEvent.click(screen.getByTestId('todo-submit'));
    }
    expect(stored().map((x) => x.text)).toEqual(['Ligar para a Maria', 'Enviar proposta']);

    const second = screen.getAllByTestId('todo-item')[1];
    await userEvent.click(within(second).getByRole('button', { name: 'Editar' }));
    expect(screen.getByTestId('todo-input')).toHaveValue('Enviar proposta');
    await userEvent.type(screen.getByTestId('todo-input'), ' revisada');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(stored().map((x) => x.text)).toEqual(['Ligar para a Maria', 'Enviar proposta revisada']);
    expect(screen.getByText(/^Editada em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeInTheDocument();

    await userEvent.click(within(screen.getAllByTestId('todo-item')[0]).getByRole('button', { name: 'Excluir' }));
    expect(stored()).toHaveLength(2); // not before the confirmation
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim' }));
    expect(await screen.findAllByTestId('todo-item')).toHaveLength(1);
    expect(stored().map((x) => x.text)).toEqual(['Enviar proposta revisada']);
  });

  test('each user of the browser has their own list', async () => {
    const first = renderWithProviders(<TodoListPage />);
    await userEvent.type(screen.getByTestId('todo-input'), 'Tarefa da Ana');
    await userEvent.click(screen.getByTestId('todo-submit'));
    first.unmount();
    auth.user = { id: 8 };
    const second = renderWithProviders(<TodoListPage />);
    expect(screen.getByTestId('todo-empty')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('todo-input'), 'Tarefa do Bruno');
    await userEvent.click(screen.getByTestId('todo-submit'));
    second.unmount();
    expect(stored(7).map((x) => x.text)).toEqual(['Tarefa da Ana']);
    expect(stored(8).map((x) => x.text)).toEqual(['Tarefa do Bruno']);
    auth.user = { id: 7 };
    renderWithProviders(<TodoListPage />);
    expect(screen.getAllByTestId('todo-item').map((li) => li.textContent)).toEqual([expect.stringContaining('Tarefa da Ana')]);
  });
});
