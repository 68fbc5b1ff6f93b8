import { screen } from '@testing-library/react';
import { format } from 'date-fns';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CampaignStatus } from './CampaignStatus';

describe('CampaignStatus', () => {
  test('a running campaign waiting for its sending hours says so and until when', () => {
    const until = '2026-03-03T12:00:00.000Z';
    renderWithProviders(<CampaignStatus campaign={{ status: 'EM_ANDAMENTO', waitingUntil: until }} />);
    const local = new Date(until);
    expect(screen.getByText('Em Andamento')).toBeInTheDocument();
    expect(screen.getByTestId('campaign-waiting')).toHaveTextContent(
      `Aguardando o horário de envio até ${format(local, 'dd/MM/yyyy')} ${format(local, 'HH:mm')}`,
    );
  });

  test('sending or finished, nothing more is said', () => {
    renderWithProviders(<CampaignStatus campaign={{ status: 'EM_ANDAMENTO', waitingUntil: null }} />);
    expect(screen.queryByTestId('campaign-waiting')).toBeNull();
  });
});
