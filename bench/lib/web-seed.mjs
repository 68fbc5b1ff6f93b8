import { createRequire } from 'node:module';
import path from 'node:path';
import { login, REPO_ROOT } from './server.mjs';

const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');

export const AGENT = { name: 'Agente Bench', email: 'agente-bench@chatflow.local', password: 'Bench123' };
const TAGS = [
  ['VIP', '#e53935'],
  ['Retorno', '#8e24aa'],
  ['Orçamento', '#fb8c00'],
];

async function call(baseUrl, token, method, url, body) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text);
}

/**
 * The main company gets a queue, a simulator connection and an agent (profile "user") through the
 * API, as an admin would make them; then `count` contacts and one open ticket each, owned by the
 * agent, in bulk SQL (generate_series), so the agent's "open" tab lists `count` tickets. Rows look
 * like real ones: names, a last message, unread badges on some, two tags on every third ticket, one
 * minute apart in updated_at so the newest-first order is stable.
 */
export async function seedTickets({ baseUrl, databaseUrl, count }) {
  const token = await login(baseUrl);
  const queue = await call(baseUrl, token, 'POST', '/queue', { name: 'Suporte', color: '#1e88e5' });
  const connection = await call(baseUrl, token, 'POST', '/whatsapp', {
    name: 'Simulador',
    provider: 'simulator',
    isDefault: true,
    queueIds: [queue.id],
  });
  const agent = await call(baseUrl, token, 'POST', '/users', { ...AGENT, profile: 'user', queueIds: [queue.id] });

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const companyId = agent.companyId;
    await client.query('begin');
    const tagIds = [];
    for (const [name, color] of TAGS) {
      const { rows } = await client.query('insert into tags (company_id, name, color) values ($1, $2, $3) returning id', [
        companyId,
        name,
        color,
      ]);
      tagIds.push(rows[0].id);
    }
    const { rows: contacts } = await client.query(
      `insert into contacts (company_id, name, number, channel, connection_id)
       select $1, 'Cliente ' || i || ' ' || (array['Silva','Souza','Oliveira','Pereira','Lima','Costa'])[1 + i % 6],
              '5511' || lpad(i::text, 9, '0'), 'whatsapp', $2
       from generate_series(1, $3) as i
       returning id`,
      [companyId, connection.id, count],
    );
    await client.query(
      `insert into tickets (company_id, contact_id, connection_id, queue_id, user_id, status, channel, unread_messages, last_message, created_at, updated_at)
       select $1, c.id, $2, $3, $4, 'open', 'whatsapp', case when c.n % 4 = 0 then c.n % 7 + 1 else 0 end,
              'Olá, gostaria de saber sobre o pedido ' || c.n || ', ainda não recebi a confirmação',
              now() - (c.n || ' minutes')::interval, now() - (c.n || ' minutes')::interval
       from (select id, row_number() over (order by id) as n from unnest($5::int[]) as id) as c`,
      [companyId, connection.id, queue.id, agent.id, contacts.map((r) => r.id)],
    );
    await client.query(
      `insert into ticket_tags (ticket_id, tag_id)
       select t.id, tag from tickets t, unnest($2::int[]) as tag
       where t.company_id = $1 and t.id % 3 = 0`,
      [companyId, tagIds.slice(0, 2)],
    );
    await client.query('commit');
    await client.query('analyze contacts; analyze tickets; analyze ticket_tags');
    const {
      rows: [{ n }],
    } = await client.query("select count(*)::int as n from tickets where company_id = $1 and user_id = $2 and status = 'open'", [
      companyId,
      agent.id,
    ]);
    if (n !== count) throw new Error(`seeded ${n} open tickets for the agent, expected ${count}`);
    return { agent: AGENT, companyId, queueId: queue.id, connectionId: connection.id, tickets: n };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}
