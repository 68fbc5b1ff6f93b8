import { afterEach, expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';
import { botConnection, customer, drawFlow, insertFlow, insertPhraseCampaign } from './testing';

const t = useTestApp();
afterEach(() => expect(t.jobs.errors).toEqual([]));

test('a variable whose question never ran is sent as empty text, never as {{braces}}; other names stay message variables', async () => {
  const admin = await t.factory.admin();
  const queue = await t.factory.queue(admin.companyId, { name: 'Vendas' });
  const conn = await botConnection(t, admin, [queue]);
  const f = drawFlow();
  const menu = f.node('menu', {
    message: 'Como prefere ser chamado?',
    arrayOption: [
      { number: 1, value: 'Tanto faz' },
      { number: 2, value: 'Vou dizer' },
    ],
  });
  const ask = f.node('question', { message: 'Seu nome?', answerKey: 'nome' });
  const hello = f.node('message', { label: 'Olá {{nome}}! Até logo, {{firstName}}. {{semPergunta}}' });
  f.chain(menu);
  f.edge(menu, hello, 'a1');
  f.edge(menu, ask, 'a2');
  f.edge(ask, hello);
  const flow = await insertFlow(t, admin.companyId, f.document());
  await insertPhraseCampaign(t, admin.companyId, { flowId: flow.id, phrase: 'oi', connectionId: conn.id });

  const skips = customer(t, conn);
  await skips.write('oi');
  expect(await skips.write('1')).toEqual(['Olá ! Até logo, Cliente. {{semPergunta}}']);

  const answers = customer(t, conn);
  await answers.write('oi');
  expect(await answers.write('2')).toEqual(['Seu nome?']);
  expect(await answers.write('Bia')).toEqual(['Olá Bia! Até logo, Cliente. {{semPergunta}}']);
});
