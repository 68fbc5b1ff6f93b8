import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import LoginPage from './LoginPage';

const auth = vi.hoisted(() => ({ login: vi.fn() }));
vi.mock('../../app/providers/AuthProvider', () => ({ useAuth: () => auth }));
vi.mock('./SupportButton', () => ({ SupportButton: () => null }));
vi.mock('../../app/providers/AppearanceProvider', () => ({ useAppearance: () => ({ logo: '', appName: 'Chat-flow' }) }));

describe('LoginPage', () => {
  test('checks the e-mail format in the browser: "ana" is refused before any call', async () => {
    renderWithProviders(<LoginPage />);
    await userEvent.type(screen.getByLabelText(/^email/i), 'ana');
    await userEvent.type(screen.getByLabelText(/^senha/i), 'segredo');
    await userEvent.click(screen.getByRole('button', { name: /^entrar$/i }));
    expect(await screen.findByText('E-mail inválido')).toBeInTheDocument();
    expect(auth.login).not.toHaveBeenCalled();
  });
});
