// What the requests are made of, read from the generated database: the big company's admin and a
// few plain agents (profile user, two or three queues, no special flags) logged in through the API,
// their queues, the company's tags, agents and connections, order and protocol numbers that exist,
// and conversations to open (short and long) in each agent's queues.
import { createRequire } from 'node:module';
import path from 'node:path';
import { login, REPO_ROOT } from '../lib/server.mjs';
import { BIG } from './dataset.mjs';

const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');
const PASSWORD = 'Bench123'; // the bench super admin's, copied to every generated user
const AGENT_PERSONAS = 4;

export async function loadWorld(databaseUrl, baseUrl, rnd) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const companyId = (await c.query('select id from companies where name = $1', [BIG.name])).rows[0].id;
    const ids = async (sql) => (await c.query(sql, [companyId])).rows.map((r) => r.id);
    const queueIds = await ids('select id from queues where company_id = $1 order by id');
    const tagIds = await ids('select id from tags where company_id = $1 order by id');
    const connectionIds = await ids('select id from connections where company_id = $1 order by id');
    const agentIds = await ids("select id from users where company_id = $1 and profile = 'user' order by id");
    const { rows: plain } = await c.query(
      `
      select u.id, u.email, array_agg(uq.queue_id order by uq.queue_id) as queue_ids
      from users u join user_queues uq on uq.user_id = u.id
      where u.company_id = $1 and u.profile = 'user' and not u.allow_group and u.all_historic = 'disabled' and u.all_user_chat = 'disabled'
      group by u.id order by u.id`,
      [companyId],
    );
    const chosen = plain.filter((_, i) => i % Math.floor(plain.length / AGENT_PERSONAS) === 0).slice(0, AGENT_PERSONAS);
    const adminEmail = (
      await c.query("select email from users where company_id = $1 and profile = 'admin' order by email limit 1", [companyId])
    ).rows[0].email;

    const admin = { email: adminEmail, token: await login(baseUrl, adminEmail, PASSWORD), queueIds };
    const agents = [];
    for (const a of chosen)
      agents.push({ id: a.id, email: a.email, queueIds: a.queue_ids, token: await login(baseUrl, a.email, PASSWORD) });

    // Numbers that exist: a sample of tickets' order and protocol numbers (each in one or a few conversations).
    const sampleIds = Array.from({ length: 20 }, () => rnd.int(1, BIG.tickets));
    const { rows: numbers } = await c.query(
      'select bench.order_no(id) as order_no, bench.protocol(id) as protocol from tickets where id = any($1)',
      [sampleIds],
    );
    const rareWords = numbers.flatMap((r) => [r.order_no, r.protocol]);

    // Conversations an agent may open: tickets of its queues, short (1 to 8 messages) and long (60 or more).
    const conversations = { short: [], long: [] };
    for (const a of agents) {
      const { rows } = await c.query(
        `
        (select uuid, bench.msg_count(id) as messages from tickets where company_id = $1 and queue_id = any($2) and bench.msg_count(id) <= 8
          order by bench.h(id, 500) limit 50)
        union all
        (select uuid, bench.msg_count(id) from tickets where company_id = $1 and queue_id = any($2) and bench.msg_count(id) >= 60
          order by bench.h(id, 501) limit 50)`,
        [companyId, a.queueIds],
      );
      for (const r of rows)
        (r.messages <= 8 ? conversations.short : conversations.long).push({ uuid: r.uuid, messages: r.messages, token: a.token });
    }
    return { companyId, admin, agents, tagIds, agentIds, connectionIds, rareWords, conversations };
  } finally {
    await c.end();
  }
}
