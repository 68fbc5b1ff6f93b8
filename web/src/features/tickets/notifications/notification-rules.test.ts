import { describe, expect, test } from 'vitest';
import { makeTicket } from '../testing';
import { applyToNotifications, isNotifiable, withoutTicket } from './notification-rules';

const me = { id: 7, profile: 'user' as const };

describe('notification list', () => {
  test("lists the user's own tickets with unread messages; waiting ones only with showNotificationPending", () => {
    expect(isNotifiable(makeTicket(1, { unreadMessages: 2 }), me, false)).toBe(true);
    expect(isNotifiable(makeTicket(1, { unreadMessages: 0 }), me, false)).toBe(false);
    expect(isNotifiable(makeTicket(1, { unreadMessages: 2, userId: 9 }), me, false)).toBe(false);
    const waiting = makeTicket(1, { unreadMessages: 1, status: 'pending', userId: null });
    expect(isNotifiable(waiting, me, false)).toBe(false);
    expect(isNotifiable(waiting, me, true)).toBe(true);
    expect(isNotifiable(makeTicket(1, { unreadMessages: 1, status: 'closed' }), me, true)).toBe(false);
  });

  test('a changed ticket goes to the top, a read one leaves', () => {
    const list = [makeTicket(1, { unreadMessages: 1 }), makeTicket(2, { unreadMessages: 1 })];
    expect(applyToNotifications(list, makeTicket(2, { unreadMessages: 3 }), me, false).map((t) => t.id)).toEqual([2, 1]);
    expect(applyToNotifications(list, makeTicket(1, { unreadMessages: 0 }), me, false).map((t) => t.id)).toEqual([2]);
    expect(applyToNotifications(list, makeTicket(5, { unreadMessages: 0 }), me, false)).toBe(list);
    expect(withoutTicket(list, 1).map((t) => t.id)).toEqual([2]);
    expect(withoutTicket(list, 9)).toBe(list);
  });
});
