// Outbound guard test, flows: a Typebot node's address is the tenant's. Driven at a loopback listener, at a
// public-looking name that resolves inside and at an allowed host that redirects inside, the node never
// reaches the listener: the run stops as on any refused bot, with a note that says why, and nothing of
// the inside answer is sent or stored.
import { and, asc, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { messages } from '../../db/schema';
import { botCustomer } from '../../test/bot-customer';
import { json } from '../../test/fake-http-server';
import { useTestApp } from '../../test/harness';
import { allowingHooksOnly, useInsideNetwork } from '../../test/inside-network';
import { HANDOFF_TEXT } from '../integrations';
import { botConnection, drawFlow, insertFlow, insertPhraseCampaign, runsOf } from './testing';

const net = await useInsideNetwork();
const t = useTestApp({ outbound: allowingHooksOnly });

async function typebotFlow(urlN8N: string) {
  const admin = await t.factory.admin();
  const vendas = await t.factory.queue(admin.companyId, { name: 'Vendas' });
  const conn = await botConnection(t, admin, [vendas]);
  const f = drawFlow();
  f.chain(f.node('typebot', { name: 'Pedidos', urlN8N, typebotSlug: 'pedidos', typebotExpires: 0 }));
  const flow = await insertFlow(t, admin.companyId, f.document());
  await insertPhraseCampaign(t, admin.companyId, { flowId: flow.id, phrase: 'robo', connectionId: conn.id });
  return botCustomer(t, conn);
}

test('a typebot node whose address is inside never calls it: the run stops with a note, the customer goes to a human', {
  timeout: 120_000,
}, async () => {
  for (const url of net.addresses('')) {
    const customer = await typebotFlow(url);
    expect(await customer.write('robo')).toEqual([HANDOFF_TEXT]);
    const ticket = await customer.ticket();
    expect(ticket).toMatchObject({ status: 'pending', userId: null, isBot: false });
    expect(await customer.logTypes()).toContain('integrationFailed');
    const notes = await t.database.db
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.isPrivate, true)))
      .orderBy(asc(messages.id));
    expect(notes.map((n) => n.body)).toEqual([
      'Fluxo: o bloco TypeBot "Pedidos" falhou: o endereço do serviço não é público e o administrador do servidor não o liberou (OUTBOUND_ALLOWED_HOSTS). O atendimento foi passado para um atendente.',
    ]);
    const [run] = await runsOf(t, ticket.id);
    expect(run).toMatchObject({ status: 'stopped', endReason: 'typebot-failed' });
  }
  await net.expectNothingInside(t, ['/to-inside/api/v1/typebots/pedidos/startChat']);
});

test('the same node at the host the operator allowed talks with its Typebot', async () => {
  net.hooks.on('POST /api/v1/typebots/pedidos/startChat', (_req, res) =>
    json(res, 200, {
      sessionId: 's1',
      messages: [{ type: 'text', content: { plainText: 'Olá! Qual é o pedido?' } }],
      input: { type: 'text input' },
    }),
  );
  const customer = await typebotFlow(net.hooksUrl());
  expect(await customer.write('robo')).toEqual(['Olá! Qual é o pedido?']);
});
