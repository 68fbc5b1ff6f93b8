import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { renderWithProviders } from '../../test/render';
import TodoListPage from './TodoListPage';
import { TODOS_KEY } from './use-todos';

const stored = () => JSON.parse(localStorage.getItem(TODOS_KEY) ?? '[]') as { text: string }[];

describe('TodoListPage', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());

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
});
