import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';
import { marchCompany } from './testing';

const t = useTestApp();

interface MomentTicket {
  id: number;
  status: string;
  user: { id: number; name: string } | null;
  contact: { id: number; name: string };
  queue: { id: number } | null;
  whatsapp: { id: number } | null;
}

describe('GET /usersMoments (spec 2 §7, the attendance panel of existing clients)', () => {
  test('the open and pending tickets, of any age, each with user, contact, queue and whatsapp; no closed ones nor groups', async () => {
    const c = await marchCompany(t);
    const open = await c.f.ticket(c.companyId, { status: 'open', userId: c.agent.id, queueId: c.queueA.id, connectionId: c.connection.id });
    await c.f.ticket(c.companyId, { status: 'closed', userId: c.agent.id });
    const res = await (await t.as(c.admin)).get('/usersMoments');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as MomentTicket[];
    // March's open T1 and pending T5 and T9 are older than the panel's 30 days, and are still here.
    const expected = [open, c.tickets.t1, c.tickets.t5, c.tickets.t9].map((x) => x.id).sort((a, b) => a - b);
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected);
    expect(rows.find((r) => r.id === open.id)).toMatchObject({
      status: 'open',
      user: { id: c.agent.id, name: 'Ana' },
      contact: { id: open.contactId },
      queue: { id: c.queueA.id },
      whatsapp: { id: c.connection.id },
    });
    expect(rows.find((r) => r.id === c.tickets.t5.id)).toMatchObject({ status: 'pending', user: null });
  });

  test('another company sees none of these tickets', async () => {
    const c = await marchCompany(t);
    const open = await c.f.ticket(c.companyId, { status: 'open', userId: c.agent.id });
    const stranger = await t.as(await t.factory.admin());
    const rows = (await stranger.get('/usersMoments')).json() as MomentTicket[];
    expect(rows.map((r) => r.id)).not.toContain(open.id);
    expect(rows.map((r) => r.id)).not.toContain(c.tickets.t1.id);
  });

  test('who may call: the panel’s rule (admin, or a user with allowRealTime); a plain user gets 403', async () => {
    const c = await marchCompany(t);
    const refused = await (await t.as(c.agent)).get('/usersMoments');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('ERR_NO_PERMISSION');
    expect((await (await t.as(await c.member([], { allowRealTime: 'enabled' }))).get('/usersMoments')).statusCode).toBe(200);
    expect((await t.anon.get('/usersMoments')).statusCode).toBe(401);
  });
});
