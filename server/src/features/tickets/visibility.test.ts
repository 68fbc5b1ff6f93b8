import { canSeeTicket } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { tickets } from '../../db/schema';
import { actorOf } from '../../http/context';
import { useTestApp } from '../../test/harness';
import { idsOf, inboxScenario, sorted } from './testing';
import { actorQueueIds, visibleTicketsSql } from './visibility';

const t = useTestApp();

/** A company with one ticket of every kind that visibility distinguishes. */
async function world() {
  const s = await inboxScenario(t);
  const { f, companyId, queueA, queueB, agent, agentB } = s;
  const other = await s.member([queueA.id]);
  const k = {
    pA: await f.ticket(companyId, { queueId: queueA.id }),
    pB: await f.ticket(companyId, { queueId: queueB.id }),
    pNone: await f.ticket(companyId),
    group: await f.ticket(companyId, { status: 'group', isGroup: true }),
    groupB: await f.ticket(companyId, { status: 'group', isGroup: true, queueId: queueB.id }),
    oMine: await f.ticket(companyId, { status: 'open', queueId: queueA.id, userId: agent.id }),
    oOther: await f.ticket(companyId, { status: 'open', queueId: queueA.id, userId: other.id }),
    oB: await f.ticket(companyId, { status: 'open', queueId: queueB.id, userId: agentB.id }),
    oMineInB: await f.ticket(companyId, { status: 'open', queueId: queueB.id, userId: agent.id }),
    cMine: await f.ticket(companyId, { status: 'closed', queueId: queueA.id, userId: agent.id }),
    cOther: await f.ticket(companyId, { status: 'closed', queueId: queueA.id, userId: other.id }),
  };
  return { ...s, other, k };
}

describe('the one visibility predicate', () => {
  test('the SQL form selects exactly what canSeeTicket accepts, for every kind of user', async () => {
    const w = await world();
    const actors = [
      w.admin,
      w.agent,
      w.agentB,
      await w.member([w.queueA.id], { allTicket: 'enable' }),
      await w.member([], { allowGroup: true }),
      await w.member([w.queueA.id, w.queueB.id], { allowGroup: true, allTicket: 'enable' }),
      await w.member([]),
    ];
    const db = t.database.db;
    const all = await db.select().from(tickets).where(eq(tickets.companyId, w.companyId));
    expect(all).toHaveLength(11);
    for (const user of actors) {
      const actor = actorOf(user);
      const queueIds = await actorQueueIds(db, user.id);
      const viaSql = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.companyId, w.companyId), visibleTicketsSql(actor, queueIds)));
      const viaRule = all.filter((row) => canSeeTicket(actor, queueIds, row)).map((row) => row.id);
      expect(sorted(viaSql.map((r) => r.id))).toEqual(sorted(viaRule));
      // Lists and single fetches agree with it too: search over every queue shows exactly the visible tickets.
      const allQueues = JSON.stringify([w.queueA.id, w.queueB.id]);
      const listed = await (await t.as(user)).get('/tickets', { queueIds: allQueues, showAll: 'true' });
      if (user.profile !== 'admin') expect(idsOf(listed)).toEqual(sorted(viaRule));
      for (const row of all) {
        const res = await (await t.as(user)).get(`/tickets/${row.id}`);
        expect(res.statusCode).toBe(viaRule.includes(row.id) ? 200 : 404);
      }
    }
  });
});

describe('tabs', () => {
  test('a user in queue A: their open tickets, waiting tickets of A, their own closed ones, no group tab', async () => {
    const { k, agent, queueA } = await world();
    const api = await t.as(agent);
    expect(idsOf(await api.get('/tickets', { status: 'open' }))).toEqual(sorted([k.oMine.id, k.oMineInB.id]));
    // show-all is not theirs to use: still only their own
    expect(idsOf(await api.get('/tickets', { status: 'open', showAll: 'true' }))).toEqual(sorted([k.oMine.id, k.oMineInB.id]));
    expect(idsOf(await api.get('/tickets', { status: 'pending' }))).toEqual([k.pA.id]);
    expect(idsOf(await api.get('/tickets', { status: 'pending', queueIds: JSON.stringify([queueA.id]) }))).toEqual([k.pA.id]);
    expect(idsOf(await api.get('/tickets', { status: 'group' }))).toEqual([]);
    expect(idsOf(await api.get('/tickets', { status: 'closed' }))).toEqual([k.cMine.id]);
    expect(idsOf(await api.get('/tickets', { status: 'closed', showAll: 'true' }))).toEqual([k.cMine.id]);
    // search: everything visible in their queues, and never all (showAll ignored)
    const search = [k.pA.id, k.oMine.id, k.oOther.id, k.oMineInB.id, k.cMine.id, k.cOther.id];
    expect(idsOf(await api.get('/tickets', { searchParam: '' }))).toEqual(sorted(search));
    expect(idsOf(await api.get('/tickets', { status: 'search', showAll: 'true' }))).toEqual(sorted(search));
  });

  test('allTicket shows tickets without a queue; allowGroup the group tab', async () => {
    const w = await world();
    const all = await t.as(await w.member([w.queueA.id], { allTicket: 'enable' }));
    expect(idsOf(await all.get('/tickets', { status: 'pending' }))).toEqual(sorted([w.k.pA.id, w.k.pNone.id]));
    const grouper = await t.as(await w.member([], { allowGroup: true }));
    expect(idsOf(await grouper.get('/tickets', { status: 'group' }))).toEqual(sorted([w.k.group.id, w.k.groupB.id]));
    expect(idsOf(await grouper.get('/tickets', { status: 'pending' }))).toEqual([]);
  });

  test("an admin sees every queue; open is theirs unless show-all; closed is everyone's", async () => {
    const { k, admin, queueA } = await world();
    const api = await t.as(admin);
    expect(idsOf(await api.get('/tickets', { status: 'pending' }))).toEqual(sorted([k.pA.id, k.pB.id, k.pNone.id]));
    expect(idsOf(await api.get('/tickets', { status: 'pending', queueIds: `[${queueA.id}]` }))).toEqual(sorted([k.pA.id, k.pNone.id]));
    expect(idsOf(await api.get('/tickets', { status: 'open' }))).toEqual([]);
    expect(idsOf(await api.get('/tickets', { status: 'open', showAll: 'true' }))).toEqual(
      sorted([k.oMine.id, k.oOther.id, k.oB.id, k.oMineInB.id]),
    );
    expect(idsOf(await api.get('/tickets', { status: 'closed' }))).toEqual(sorted([k.cMine.id, k.cOther.id]));
    // the group tab belongs to allowGroup, admins included
    expect(idsOf(await api.get('/tickets', { status: 'group' }))).toEqual([]);
    expect(idsOf(await api.get('/tickets', {}))).toHaveLength(11);
    expect(idsOf(await api.get('/tickets', { queueIds: `[${queueA.id}]` }))).not.toContain(k.pB.id);
    expect(idsOf(await api.get('/tickets', { queueIds: `[${queueA.id}]`, showAll: 'true' }))).toContain(k.pB.id);
  });

  test('allUserChat counts as admin for show-all, within what the user may see', async () => {
    const w = await world();
    const api = await t.as(await w.member([w.queueA.id], { allUserChat: 'enabled' }));
    expect(idsOf(await api.get('/tickets', { status: 'open', showAll: 'true' }))).toEqual(sorted([w.k.oMine.id, w.k.oOther.id]));
    expect(idsOf(await api.get('/tickets', { status: 'closed', showAll: 'true' }))).toEqual(sorted([w.k.cMine.id, w.k.cOther.id]));
  });

  test('allHistoric shows the closed tickets of others the user may see', async () => {
    const w = await world();
    const api = await t.as(await w.member([w.queueA.id], { allHistoric: 'enabled' }));
    expect(idsOf(await api.get('/tickets', { status: 'closed' }))).toEqual(sorted([w.k.cMine.id, w.k.cOther.id]));
  });

  test('pending tickets held for another user show only with show-all', async () => {
    const { f, companyId, queueA, agent, admin, member } = await inboxScenario(t);
    const colleague = await member([queueA.id]);
    const held = await f.ticket(companyId, { queueId: queueA.id, userId: colleague.id });
    const mine = await f.ticket(companyId, { queueId: queueA.id, userId: agent.id });
    expect(idsOf(await (await t.as(agent)).get('/tickets', { status: 'pending' }))).toEqual([mine.id]);
    const adminApi = await t.as(admin);
    expect(idsOf(await adminApi.get('/tickets', { status: 'pending' }))).toEqual([]);
    expect(idsOf(await adminApi.get('/tickets', { status: 'pending', showAll: 'true' }))).toEqual(sorted([held.id, mine.id]));
  });
});
