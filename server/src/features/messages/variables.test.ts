import { describe, expect, test } from 'vitest';
import { applyMessageVariables, greetingFor } from './variables';

const source = {
  contactName: '  Carla Dias ',
  userName: 'Ana',
  ticketId: 42,
  queueName: 'Vendas',
  connectionName: 'Loja',
  timeZone: 'America/Sao_Paulo',
};

describe('applyMessageVariables', () => {
  test('fills every variable in the company time zone', () => {
    // 2024-03-05 14:07:09 UTC is 11:07:09 in São Paulo.
    const now = new Date('2024-03-05T14:07:09Z');
    const text = applyMessageVariables(
      '{{ms}}, {{firstName}}! {{name}} {{userName}} {{protocol}} {{date}} {{hour}} {{ticket_id}} {{queue}} {{connection}}',
      { ...source, now },
    );
    expect(text).toBe('Bom dia, Carla! Carla Dias Ana 2024030511070942 05/03/2024 11:07 42 Vendas Loja');
  });

  test('greets by the hour of the day', () => {
    expect([5, 11, 12, 17, 18, 23, 0, 4].map(greetingFor)).toEqual([
      'Bom dia',
      'Bom dia',
      'Boa tarde',
      'Boa tarde',
      'Boa noite',
      'Boa noite',
      'Boa noite',
      'Boa noite',
    ]);
    expect(applyMessageVariables('{{ms}}', { ...source, now: new Date('2024-03-05T23:30:00Z') })).toBe('Boa noite');
  });

  test('accepts spaces inside the braces and leaves unknown names and plain text alone', () => {
    expect(applyMessageVariables('{{ name }} {{nome}} {x}', source)).toBe('Carla Dias {{nome}} {x}');
    expect(applyMessageVariables('sem variáveis', source)).toBe('sem variáveis');
    expect(applyMessageVariables('{{queue}}|{{connection}}', { ...source, queueName: '', connectionName: '' })).toBe('|');
  });
});
