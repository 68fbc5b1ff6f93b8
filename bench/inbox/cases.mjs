// The requests measured, as the web app sends them (web/src/features/tickets/hooks/use-tickets.ts,
// use-ticket-counts.ts, notifications/use-notifications.ts, conversation/hooks/use-messages.ts):
// lists go to GET /tickets with status (none for the search view), showAll, queueIds, sortTickets,
// pageNumber and the search view's filters; the conversation pages through GET /messages/{uuid}.
// Every request picks its user and parameters from a seeded generator, so runs are comparable.
import { queryString } from '../lib/inbox-latency.mjs';

export const TARGETS = {
  list: { p95Ms: 25, what: 'GET /tickets (a page, realistic filters)' },
  search: { p95Ms: 150, what: 'GET /tickets with searchParam and searchOnMessages=true' },
  messages: { p95Ms: 15, what: 'GET /messages/{ticketUuid}' },
};

/**
 * Search words by how often the generated messages hold them (see vocabulary.mjs): common ones are
 * in about one message in ten, medium ones (a product, a city, a first name) in 0.2% to 1%, rare
 * ones (an order or protocol number, picked from the data) in one to a few conversations, and
 * missing ones in none (some made of common trigrams, which the index cannot rule out alone).
 */
export const SEARCH_WORDS = {
  common: ['boleto', 'pedido', 'obrigado', 'entrega', 'garantia'],
  medium: ['geladeira', 'notebook', 'air fryer', 'Curitiba', 'Fortaleza', 'Mariana', 'Rodrigo', 'cafeteira', 'não liga', 'smartwatch'],
  missing: ['reembolso', 'xilofone', 'helicóptero', 'paralelepípedo', 'Zuleica', 'estorno', 'carnaval', '31415926'],
};
/**
 * What agents type in the search box without searchOnMessages, looking for a customer: mostly a full
 * name or part of a phone number, sometimes a single first name or surname (each of those matches
 * 2,000 to 4,500 of the 200,000 contacts).
 */
export const CONTACT_WORDS = [
  'Ana Souza',
  'José Lima',
  'Thiago Pereira',
  'Fernanda Costa',
  'Mariana Alves',
  '98765',
  '876543',
  '2199123',
  'Mariana',
  'Silva',
];

const ticketsPath = (params) => `/tickets${queryString({ ...params, sortTickets: params.sortTickets ?? 'DESC' })}`;
const countTickets = (body) => body.tickets.length;

/**
 * The cases, each with its target group, a `next()` that builds one request and an `inspect()` that
 * says how many rows the answer held. `world` comes from world.mjs: users with tokens, their queues,
 * tags, connections, search words and tickets to open.
 */
export function buildCases(world, rnd) {
  const { admin, agents, tagIds, agentIds, connectionIds, rareWords, conversations } = world;
  const agent = () => rnd.pick(agents);
  const sort = () => (rnd.random() < 0.8 ? 'DESC' : 'ASC');
  /** The queue selector: mostly left at its default (absent), sometimes narrowed to some of the user's queues. */
  const queueChoice = (queueIds) => (rnd.random() < 0.7 ? undefined : rnd.subset(queueIds));
  const deepPage = () => rnd.pick([2, 2, 3, 3, 4, 5, 6, 8, 10, 15, 25]);
  const list = (name, make) => ({ name, group: 'list', next: make, inspect: countTickets });
  const search = (name, make) => ({ name, group: 'search', next: make, inspect: countTickets });
  const searchOnMessages =
    (persona, words, page = 1) =>
    () => ({
      token: persona().token,
      path: ticketsPath({ searchParam: rnd.pick(words), searchOnMessages: 'true', showAll: 'false', pageNumber: page }),
    });

  return [
    list('agent: open tab, page 1', () => {
      const a = agent();
      return {
        token: a.token,
        path: ticketsPath({ status: 'open', showAll: 'false', queueIds: queueChoice(a.queueIds), sortTickets: sort(), pageNumber: 1 }),
      };
    }),
    list('agent: pending tab, page 1', () => {
      const a = agent();
      return {
        token: a.token,
        path: ticketsPath({ status: 'pending', showAll: 'false', queueIds: queueChoice(a.queueIds), sortTickets: sort(), pageNumber: 1 }),
      };
    }),
    list('agent: closed tab (own), page 1', () => {
      const a = agent();
      return {
        token: a.token,
        path: ticketsPath({ status: 'closed', showAll: 'false', queueIds: queueChoice(a.queueIds), pageNumber: 1 }),
      };
    }),
    list('agent: open, pending or closed tab, pages 2 to 25', () => {
      const a = agent();
      return {
        token: a.token,
        path: ticketsPath({ status: rnd.pick(['open', 'pending', 'closed']), showAll: 'false', pageNumber: deepPage() }),
      };
    }),
    list('agent: unread notifications (open and pending, withUnreadMessages)', () => {
      const a = agent();
      return {
        token: a.token,
        path: `/tickets${queryString({ status: rnd.pick(['open', 'pending']), withUnreadMessages: 'true', showAll: 'false', pageNumber: 1 })}`,
      };
    }),
    list('agent: search view without a term, page 1', () => {
      const a = agent();
      return { token: a.token, path: ticketsPath({ showAll: 'false', queueIds: queueChoice(a.queueIds), pageNumber: 1 }) };
    }),
    list('agent: contact name or number (no searchOnMessages)', () => {
      const a = agent();
      return { token: a.token, path: ticketsPath({ searchParam: rnd.pick(CONTACT_WORDS), showAll: 'false', pageNumber: 1 }) };
    }),
    list('admin: open and pending tabs with show-all, page 1', () => ({
      token: admin.token,
      path: ticketsPath({
        status: rnd.pick(['open', 'pending']),
        showAll: 'true',
        queueIds: rnd.random() < 0.5 ? undefined : rnd.subset(admin.queueIds),
        sortTickets: sort(),
        pageNumber: 1,
      }),
    })),
    list('admin: closed tab (everyone), page 1', () => ({
      token: admin.token,
      path: ticketsPath({
        status: 'closed',
        showAll: 'true',
        queueIds: rnd.random() < 0.5 ? undefined : rnd.subset(admin.queueIds),
        pageNumber: 1,
      }),
    })),
    list('admin: open, pending or closed with show-all, pages 2 to 25', () => ({
      token: admin.token,
      path: ticketsPath({ status: rnd.pick(['open', 'pending', 'closed']), showAll: 'true', pageNumber: deepPage() }),
    })),
    list('admin: search view filters (tags, users, connections, statuses)', () => {
      const filters = {};
      const kinds = rnd.subset(['tags', 'users', 'whatsapps', 'statusFilter']);
      if (kinds.includes('tags')) filters.tags = [rnd.pick(tagIds)];
      if (kinds.includes('users')) filters.users = [rnd.pick(agentIds), ...(rnd.random() < 0.3 ? [rnd.pick(agentIds)] : [])];
      if (kinds.includes('whatsapps')) filters.whatsapps = [rnd.pick(connectionIds)];
      if (kinds.includes('statusFilter')) filters.statusFilter = rnd.subset(['open', 'pending', 'closed']);
      return {
        token: admin.token,
        path: ticketsPath({ showAll: rnd.random() < 0.5 ? 'true' : 'false', ...filters, pageNumber: rnd.random() < 0.8 ? 1 : 2 }),
      };
    }),
    list('admin: contact name or number (no searchOnMessages)', () => ({
      token: admin.token,
      path: ticketsPath({ searchParam: rnd.pick(CONTACT_WORDS), showAll: 'false', pageNumber: 1 }),
    })),
    {
      name: 'agent and admin: GET /tickets/counts (tab badges; our addition, judged as a list)',
      group: 'list',
      next: () => {
        const who = rnd.random() < 0.7 ? agent() : admin;
        return {
          token: who.token,
          path: `/tickets/counts${queryString({ queueIds: queueChoice(who.queueIds), showAll: who === admin ? 'true' : 'false' })}`,
        };
      },
      inspect: (body) => body.open + body.pending + body.group,
    },

    search(
      'admin: common words (in ~10% of messages)',
      searchOnMessages(() => admin, SEARCH_WORDS.common),
    ),
    search(
      'admin: medium words (product, city, first name)',
      searchOnMessages(() => admin, SEARCH_WORDS.medium),
    ),
    search(
      'admin: rare words (an order or protocol number)',
      searchOnMessages(() => admin, rareWords),
    ),
    search(
      'admin: words in no message',
      searchOnMessages(() => admin, SEARCH_WORDS.missing),
    ),
    search('agent: common, medium, rare and missing words', () =>
      searchOnMessages(agent, rnd.pick([SEARCH_WORDS.common, SEARCH_WORDS.medium, rareWords, SEARCH_WORDS.missing]))(),
    ),
    search('admin: common and medium words, page 2', () =>
      searchOnMessages(() => admin, rnd.pick([SEARCH_WORDS.common, SEARCH_WORDS.medium]), 2)(),
    ),

    ...conversationCases(conversations, rnd),
  ];
}

/** Opening a ticket's conversation (page 1) and scrolling up to older pages. */
function conversationCases(conversations, rnd) {
  const open = (name, pool, page) => ({
    name,
    group: 'messages',
    next: () => {
      const c = rnd.pick(pool);
      return { token: c.token, path: `/messages/${c.uuid}${queryString({ pageNumber: page(c) })}` };
    },
    inspect: (body) => body.messages.length,
  });
  const lastPage = (c) => Math.max(1, Math.ceil(c.messages / 20));
  return [
    open('agent: short conversation (1 to 8 messages), page 1', conversations.short, () => 1),
    open('agent: long conversation (60 to 500 messages), page 1', conversations.long, () => 1),
    open('agent: long conversation, older pages (2 to the first message)', conversations.long, (c) => rnd.int(2, lastPage(c))),
  ];
}
