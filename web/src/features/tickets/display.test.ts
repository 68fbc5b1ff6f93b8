import { describe, expect, test } from 'vitest';
import { pageTitle, ratingEmoji, unreadGlyph } from './display';
import { heldTicketOf } from '../../lib/held-ticket';
import { ApiError } from '../../lib/api';

describe('display rules', () => {
  test('the page title shows a digit glyph from 1 to 20, then (count)', () => {
    expect(unreadGlyph(0)).toBe('');
    expect(unreadGlyph(1)).toBe('➊');
    expect(unreadGlyph(10)).toBe('➓');
    expect(unreadGlyph(11)).toBe('⓫');
    expect(unreadGlyph(20)).toBe('⓴');
    expect(unreadGlyph(21)).toBe('(21)');
    expect(pageTitle('Chat-flow', 0)).toBe('Chat-flow');
    expect(pageTitle('Chat-flow', 3)).toBe('➌ - Chat-flow');
    expect(pageTitle('Chat-flow', 150)).toBe('(150) - Chat-flow');
  });

  test('ratings 0 to 10 show in five faces of two points each: angry, upset, neutral, happy, love', () => {
    expect([0, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((r) => ratingEmoji(r)?.label)).toEqual([
      'angry',
      'angry',
      'upset',
      'upset',
      'neutral',
      'neutral',
      'happy',
      'happy',
      'love',
      'love',
    ]);
    expect(ratingEmoji(null)).toBeNull();
    expect(ratingEmoji(11)).toBeNull();
  });

  test('a 409 names the ticket in the way; other errors are not conflicts', () => {
    const body = {
      error: 'ERR_OTHER_OPEN_TICKET',
      ticket: { id: 3, uuid: 'u-3', userId: 9, status: 'open', user: { name: 'Bruno' }, queue: { name: 'Vendas' } },
    };
    expect(heldTicketOf(new ApiError(409, 'ERR_OTHER_OPEN_TICKET', [], body))).toEqual({
      id: 3,
      uuid: 'u-3',
      userId: 9,
      userName: 'Bruno',
      queueName: 'Vendas',
    });
    const legacy = { error: 'ERR_OTHER_OPEN_TICKET', message: JSON.stringify(body.ticket) };
    expect(heldTicketOf(new ApiError(409, 'ERR_OTHER_OPEN_TICKET', [], legacy))?.userName).toBe('Bruno');
    expect(heldTicketOf(new ApiError(400, 'ERR_VALIDATION', [], { error: 'ERR_VALIDATION' }))).toBeNull();
    expect(heldTicketOf(new Error('x'))).toBeNull();
  });
});
