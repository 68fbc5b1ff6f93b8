import { describe, expect, test } from 'vitest';
import { makeSessionUser } from '../../test/session-user';
import { ticketListPermissions } from './permissions';

describe('the close-pending (×) button of the ticket list', () => {
  test('admins see it', () => {
    expect(ticketListPermissions(makeSessionUser({ profile: 'admin' })).canIgnorePending).toBe(true);
  });

  test('a user needs showDashboard as spec 1 §6 says, and userClosePendingTicket for the ignore itself', () => {
    const cases = [
      { showDashboard: 'enabled', userClosePendingTicket: 'enabled', shown: true },
      { showDashboard: 'disabled', userClosePendingTicket: 'enabled', shown: false },
      { showDashboard: 'enabled', userClosePendingTicket: 'disabled', shown: false },
    ] as const;
    for (const { shown, ...flags } of cases) {
      expect(ticketListPermissions(makeSessionUser(flags)).canIgnorePending).toBe(shown);
    }
  });
});
