// The statements that fill one company: queues, connections, users with their queues, tags,
// contacts, tickets, messages, ticket tags and ratings, all in bulk (INSERT ... SELECT over
// generate_series). Ids of contacts and tickets are given explicitly from the spec's bases, so every
// derived value is a function of ids (see dataset-functions.mjs). Needs the `bench` schema helpers.
import { FIRST_NAMES, PRODUCTS, SURNAMES, sqlArray } from './vocabulary.mjs';

const QUEUE_NAMES = [
  'Suporte',
  'Vendas',
  'Financeiro',
  'Cobrança',
  'Pós-venda',
  'Trocas e devoluções',
  'Logística',
  'Atacado',
  'Marketplace',
  'Ouvidoria',
  'Garantia',
  'Assistência técnica',
  'Cadastro',
  'Parcerias',
  'Corporativo',
  'Agendamentos',
  'Retenção',
  'Premium',
  'Internacional',
  'Recrutamento',
];
const TAG_NAMES = [
  'Urgente',
  'VIP',
  'Reclamação',
  'Elogio',
  'Aguardando cliente',
  'Aguardando setor',
  'Reembolso',
  'Troca',
  'Primeira compra',
  'Recorrente',
  'Procon',
  'Redes sociais',
  'Atacado',
  'Boleto',
  'Pix',
];

/**
 * spec: { key, name, domain, queues, admins, agents, connections, contacts, groupContacts, tickets,
 * contactBase, ticketBase, days }. `key` names the bench.* mapping tables of this company.
 */
export function companyStatements(s) {
  const t = (name) => `bench.${s.key}_${name}`;
  const lastTicket = s.ticketBase + s.tickets;
  const regularContacts = s.contacts - s.groupContacts;
  const ticketNo = `(g - ${s.ticketBase})`;
  return [
    [
      'company',
      `insert into companies (name, email, plan_id, status, due_date, recurrence, number_attendants, number_conections)
      values ('${s.name}', 'contato@${s.domain}', (select min(id) from plans), true, '2999-12-31', 'ANUAL', ${s.admins + s.agents}, ${s.connections})`,
    ],
    [
      'settings',
      `insert into settings (company_id, key, value)
      select (select id from companies where name = '${s.name}'), key, value from settings where company_id = 1`,
    ],
    [
      'queues',
      `insert into queues (company_id, name, color, order_queue)
      select c.id, (${sqlArray(QUEUE_NAMES)})[i + 1], '#' || lpad(to_hex((i * 2654435 + 1234567) % 16777216), 6, '0'), i
      from companies c, generate_series(0, ${s.queues - 1}) i where c.name = '${s.name}'`,
    ],
    [
      'queue map',
      `create table ${t('queues')} as
      select row_number() over (order by q.order_queue) - 1 as idx, q.id from queues q join companies c on c.id = q.company_id where c.name = '${s.name}'`,
    ],
    [
      'connections',
      `insert into connections (company_id, name, number, provider, status, is_default, token)
      select c.id, 'WhatsApp ' || i::text, '55119' || lpad((40000000 + i)::text, 8, '0'), 'simulator', 'CONNECTED', i = 1,
        substr(md5('${s.key}-connection-' || i::text), 1, 30)
      from companies c, generate_series(1, ${s.connections}) i where c.name = '${s.name}'`,
    ],
    [
      'connection map',
      `create table ${t('connections')} as
      select row_number() over (order by x.id) - 1 as idx, x.id from connections x join companies c on c.id = x.company_id where c.name = '${s.name}'`,
    ],
    [
      'connection queues',
      `insert into connection_queues (connection_id, queue_id) select c.id, q.id from ${t('connections')} c, ${t('queues')} q`,
    ],
    // Same password as the bench's super admin (its hash is copied), so the bench can log in as anyone.
    [
      'users',
      `insert into users (company_id, name, email, password_hash, profile, allow_group, all_historic, all_user_chat, all_ticket)
      select c.id,
        (${sqlArray(FIRST_NAMES)})[1 + (i * 7) % ${FIRST_NAMES.length}] || ' ' || (${sqlArray(SURNAMES)})[1 + (i * 11) % ${SURNAMES.length}],
        case when i <= ${s.admins} then 'admin' || lpad(i::text, 2, '0') else 'agente' || lpad((i - ${s.admins})::text, 3, '0') end || '@${s.domain}',
        (select password_hash from users where super order by id limit 1),
        case when i <= ${s.admins} then 'admin' else 'user' end,
        i > ${s.admins} and i % 10 = 0,
        case when i > ${s.admins} and i % 20 = 7 then 'enabled' else 'disabled' end,
        case when i > ${s.admins} and i % 50 = 0 then 'enabled' else 'disabled' end,
        case when i <= ${s.admins} then 'enable' else 'disable' end
      from companies c, generate_series(1, ${s.admins + s.agents}) i where c.name = '${s.name}'`,
    ],
    [
      'agent map',
      `create table ${t('agents')} as
      select row_number() over (order by u.email) as idx, u.id, u.email, u.allow_group, u.all_historic, u.all_user_chat
      from users u join companies c on c.id = u.company_id where c.name = '${s.name}' and u.profile = 'user'`,
    ],
    // Two or three queues per agent; the first spreads agents over every queue, so none is empty.
    [
      'user queues',
      `insert into user_queues (user_id, queue_id)
      select distinct a.id, q.id from ${t('agents')} a
      cross join lateral (values (a.idx % ${s.queues}), ((a.idx * 7 + 3) % ${s.queues}), (case when a.idx % 3 = 0 then (a.idx * 13 + 5) % ${s.queues} end)) v(qidx)
      join ${t('queues')} q on q.idx = v.qidx`,
    ],
    [
      'queue agents',
      `create table ${t('queue_agents')} as
      select q.idx, array_agg(uq.user_id order by uq.user_id) as agents from ${t('queues')} q join user_queues uq on uq.queue_id = q.id group by q.idx`,
    ],
    ['all agents', `create table ${t('all_agents')} as select array_agg(id order by idx) as agents from ${t('agents')}`],
    [
      'tags',
      `insert into tags (company_id, name, color)
      select c.id, (${sqlArray(TAG_NAMES)})[i], '#' || lpad(to_hex((i * 977123 + 4321) % 16777216), 6, '0')
      from companies c, generate_series(1, 15) i where c.name = '${s.name}'`,
    ],
    [
      'tag map',
      `create table ${t('tags')} as
      select row_number() over (order by x.id) - 1 as idx, x.id from tags x join companies c on c.id = x.company_id where c.name = '${s.name}'`,
    ],

    // Contacts: people first, then groups (group tickets need a group contact each).
    [
      'contacts',
      `insert into contacts (id, company_id, name, number, email, channel, is_group, connection_id, created_at, updated_at)
      select g, c.id,
        case when g > ${s.contactBase + regularContacts} then 'Grupo ' || (${sqlArray(PRODUCTS)})[1 + (bench.h(g, 35) % ${PRODUCTS.length})::int] || ' ' || (g - ${s.contactBase + regularContacts})::text
             else bench.contact_name(g) end,
        case when g > ${s.contactBase + regularContacts} then '120363' || lpad(g::text, 12, '0')
             else '55' || (11 + g % 89)::text || '9' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0') end,
        case when g <= ${s.contactBase + regularContacts} and bench.h(g, 36) % 10 < 3
             then lower(translate(bench.first_name(g), 'áàâãéêíóôõúçÁÉÍÓÚ', 'aaaaeeiooouucAEIOU')) || g::text || '@gmail.com' else '' end,
        'whatsapp', g > ${s.contactBase + regularContacts},
        (select id from ${t('connections')} where idx = g % ${s.connections}),
        now() - interval '${s.days} days' + (g - ${s.contactBase}) * interval '${s.days} days' / ${s.contacts},
        now() - interval '${s.days} days' + (g - ${s.contactBase}) * interval '${s.days} days' / ${s.contacts}
      from companies c, generate_series(${s.contactBase + 1}, ${s.contactBase + s.contacts}) g where c.name = '${s.name}'`,
    ],

    /**
     * Tickets, oldest first (ids grow with createdAt, as in production). The newest 20% hold most
     * open, pending and group tickets; older ones are nearly all closed. Overall about 84.5% closed,
     * 8% open, 5% pending, 1% group, 1% nps, 0.5% lgpd. Queues are skewed (the first ones busier),
     * 4% of tickets have none; open and closed tickets belong to an agent of their queue.
     * Active tickets (open, pending, group) take distinct (contact, connection) pairs, which the
     * unique index tickets_one_active_per_contact demands.
     */
    [
      'tickets',
      `insert into tickets (id, company_id, contact_id, connection_id, queue_id, user_id, status, is_group, unread_messages, last_message, created_at, updated_at)
      with base as (
        select g, ${ticketNo}::float8 / ${s.tickets} as age, bench.h(g, 1) % 10000 as u from generate_series(${s.ticketBase + 1}, ${lastTicket}) g
      ), typed as (
        select g, age, case
          when age > 0.8 then case when u < 3000 then 'open' when u < 5200 then 'pending' when u < 5600 then 'group'
                                  when u < 5700 then 'nps' when u < 5750 then 'lgpd' else 'closed' end
          else case when u < 250 then 'open' when u < 325 then 'pending' when u < 350 then 'group'
                    when u < 450 then 'nps' when u < 500 then 'lgpd' else 'closed' end end as status
        from base
      ), ranked as (
        select *, row_number() over (partition by case when status = 'group' then 'g' when status in ('open', 'pending') then 'a' else 'o' end order by g) - 1 as k,
          case when status = 'group' then null when bench.h(g, 3) % 100 < 4 then null
               else least(${s.queues - 1}, floor(${s.queues} * power((bench.h(g, 4) % 10000) / 10000.0, 1.5)))::int end as qidx,
          now() - interval '${s.days} days' + age * interval '${s.days} days' - (bench.h(g, 5) % 3600) * interval '1 second' as created
        from typed
      ), placed as (
        select r.*,
          case when status = 'group' then ${s.contactBase + regularContacts + 1} + (k / ${s.connections}) % ${s.groupContacts}
               when status in ('open', 'pending') then ${s.contactBase + 1} + (k / ${s.connections}) % ${regularContacts}
               else ${s.contactBase + 1} + bench.h(g, 6) % ${regularContacts} end::int as contact,
          case when status in ('group', 'open', 'pending') then k % ${s.connections}
               else bench.h(g, 7) % ${s.connections} end::int as cidx,
          case
            when status in ('closed', 'nps', 'lgpd')
              then created + (bench.h(g, 8) % greatest(1, least(172800, extract(epoch from now() - created)::bigint))) * interval '1 second'
            when age > 0.8 then created + ((bench.h(g, 8) % 100000) / 100000.0)::float8 * (now() - created)
            else now() - (bench.h(g, 8) % 2592000) * interval '1 second' end as updated,
          coalesce(qa.agents, aa.agents) as pool
        from ranked r left join ${t('queue_agents')} qa on qa.idx = r.qidx cross join ${t('all_agents')} aa
      )
      select g, (select id from companies where name = '${s.name}'), contact,
        (select id from ${t('connections')} where idx = cidx),
        (select id from ${t('queues')} where idx = qidx),
        case when status = 'pending' and bench.h(g, 9) % 10 > 0 then null
             when status = 'group' and bench.h(g, 9) % 10 < 7 then null
             else pool[1 + (bench.h(g, 10) % cardinality(pool))::int] end,
        status, status = 'group',
        case when status = 'pending' and bench.h(g, 11) % 10 < 7 then 1 + bench.h(g, 12) % 6
             when status = 'open' and bench.h(g, 11) % 100 < 35 then 1 + bench.h(g, 12) % 4
             when status = 'group' and bench.h(g, 11) % 2 = 0 then 1 + bench.h(g, 12) % 20
             else 0 end,
        bench.body(g, contact, bench.msg_count(g) - 1),
        created, greatest(created, updated)
      from placed`,
    ],

    /**
     * Messages in time order across the company (so a conversation's rows are spread over the
     * table, as in production, not packed together), each ticket's between its createdAt and
     * updatedAt. Outbound rows are sent and read (ack 3) with a provider id, so the unsent sweeper
     * finds nothing to resend. 1% of outbound rows are private notes, 0.5% of inbound ones deleted.
     */
    [
      'messages',
      `insert into messages (company_id, ticket_id, contact_id, connection_id, queue_id, user_id, external_id, body, from_me, read,
        media_type, media_url, ack, is_private, is_deleted, created_at, updated_at)
      select company_id, id, contact_id, connection_id, queue_id, case when mine then user_id end,
        'BENCH-' || id::text || '-' || seq::text, bench.body(id, contact_id, seq), mine, not (unread_messages > 0 and seq >= n - unread_messages),
        case when media then 'image' else 'conversation' end,
        case when media then '/public/company' || company_id::text || '/' || bench.body(id, contact_id, seq) end,
        case when mine then 3 else 0 end,
        mine and bench.h(id::bigint * 1024 + seq, 63) % 100 = 0,
        not mine and bench.h(id::bigint * 1024 + seq, 64) % 200 = 0,
        at, at
      from (
        select t.id, t.company_id, t.contact_id, t.connection_id, t.queue_id, t.user_id, t.unread_messages, s.seq, n, bench.from_me(t.id, s.seq) as mine, bench.is_media(t.id, s.seq) as media,
          t.created_at + (t.updated_at - t.created_at) * s.seq / greatest(n - 1, 1) as at
        from tickets t cross join lateral (select bench.msg_count(t.id) as n) c cross join lateral generate_series(0, c.n - 1) s(seq)
        where t.id between ${s.ticketBase + 1} and ${lastTicket}
      ) m order by at, id, seq`,
    ],

    // About 12% of tickets carry a tag, 3% two.
    [
      'ticket tags',
      `insert into ticket_tags (ticket_id, tag_id)
      select g, (select id from ${t('tags')} where idx = bench.h(g, 90) % 15) from generate_series(${s.ticketBase + 1}, ${lastTicket}) g where bench.h(g, 91) % 100 < 12
      union
      select g, (select id from ${t('tags')} where idx = (bench.h(g, 90) + 1 + bench.h(g, 92) % 14) % 15) from generate_series(${s.ticketBase + 1}, ${lastTicket}) g where bench.h(g, 91) % 100 < 3`,
    ],
    // A quarter of closed tickets were rated.
    [
      'ratings',
      `insert into user_ratings (company_id, ticket_id, user_id, rate, created_at)
      select company_id, id, user_id, 1 + (bench.h(id, 95) % 5)::int, updated_at from tickets
      where id between ${s.ticketBase + 1} and ${lastTicket} and status = 'closed' and bench.h(id, 96) % 4 = 0`,
    ],
  ];
}
