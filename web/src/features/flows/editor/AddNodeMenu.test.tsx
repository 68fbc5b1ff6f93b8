import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AddNodeMenu } from './AddNodeMenu';

test('the add menu offers the spec quick-add entries and the message, image, audio and video nodes', { timeout: 30_000 }, async () => {
  const onChoose = vi.fn();
  renderWithProviders(<AddNodeMenu onChoose={onChoose} hasStart />);
  await userEvent.click(screen.getByTestId('flow-add-node'));
  const entries = screen.getAllByRole('menuitem').map((item) => item.textContent);
  expect(entries).toEqual([
    'Inicio',
    'Conteúdo',
    'Menu',
    'Randomizador',
    'Intervalo',
    'Ticket',
    'TypeBot',
    'OpenAI',
    'Pergunta',
    'Mensagem',
    'Imagem',
    'Audio',
    'Video',
  ]);
  expect(screen.getByTestId('flow-add-start')).toHaveAttribute('aria-disabled', 'true');
  for (const type of ['message', 'img', 'audio', 'video']) {
    await userEvent.click(screen.getByTestId('flow-add-node'));
    await userEvent.click(screen.getByTestId(`flow-add-${type}`));
    expect(onChoose).toHaveBeenLastCalledWith(type);
  }
});
