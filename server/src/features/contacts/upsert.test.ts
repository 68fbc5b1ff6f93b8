import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { contacts } from '../../db/schema';
import { transactionRunner } from '../../http/context';
import { useTestApp } from '../../test/harness';
import { presentContact, upsertContact } from './service';
import { hideNumbers } from '../../test/contacts';

const t = useTestApp();
const silent = { error() {}, info() {}, warn() {} } as never;
const companyContacts = (companyId: number) => t.database.db.select().from(contacts).where(eq(contacts.companyId, companyId));

describe('upsertContact (for the inbound pipeline)', () => {
  test('creates a contact once; the same number again returns it; the number is stored as digits', async () => {
    const company = await t.factory.company();
    const db = t.database.db;
    const first = await upsertContact(db, { companyId: company.id, channel: 'whatsapp', number: '+55 11 99999-0001', name: 'Ana' });
    expect(first.created).toBe(true);
    expect(first.contact).toMatchObject({ number: '5511999990001', name: 'Ana', isGroup: false });
    const again = await upsertContact(db, { companyId: company.id, channel: 'whatsapp', number: '5511999990001', name: 'Outro nome' });
    expect(again).toMatchObject({ created: false, contact: { id: first.contact.id, name: 'Ana' } });
    const group = await upsertContact(db, {
      companyId: company.id,
      channel: 'whatsapp',
      number: '120363000000000001@g.us',
      name: 'Grupo',
      isGroup: true,
    });
    expect(group.contact).toMatchObject({ number: '120363000000000001@g.us', isGroup: true });
    expect(await companyContacts(company.id)).toHaveLength(2);
  });

  test('a contact still named after its number takes the push name; a name an agent gave is kept', async () => {
    const company = await t.factory.company();
    const db = t.database.db;
    const nameless = await upsertContact(db, { companyId: company.id, channel: 'whatsapp', number: '5511999990002', name: '' });
    expect(nameless.contact.name).toBe('5511999990002');
    const named = await upsertContact(db, {
      companyId: company.id,
      channel: 'whatsapp',
      number: '5511999990002',
      name: 'Bia',
      connectionId: null,
    });
    expect(named.contact.name).toBe('Bia');
    await db.update(contacts).set({ name: 'Beatriz (cliente)' }).where(eq(contacts.id, named.contact.id));
    expect(
      (await upsertContact(db, { companyId: company.id, channel: 'whatsapp', number: '5511999990002', name: 'Bia' })).contact.name,
    ).toBe('Beatriz (cliente)');
  });

  test('twenty concurrent first messages from one number make one contact', async () => {
    const company = await t.factory.company();
    const run = transactionRunner(t.database.db, silent);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        run((tx) => upsertContact(tx, { companyId: company.id, channel: 'whatsapp', number: '5511999990003', name: 'Caio' })),
      ),
    );
    expect(new Set(results.map((r) => r.contact.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await companyContacts(company.id)).toHaveLength(1);
  });

  test('with realtime, the new contact is announced after the commit (masked while the company hides numbers)', async () => {
    const company = await t.factory.company();
    await hideNumbers(t.database.db, company.id);
    const run = transactionRunner(t.database.db, silent);
    const realtime = t.app.realtime;
    const { contact } = await run((tx) =>
      upsertContact(tx, { companyId: company.id, channel: 'whatsapp', number: '5511999990004', name: 'Duda' }, { realtime }),
    );
    const event = t.sent.findLast((e) => e.event === `company-${company.id}-contact`);
    expect(event?.payload).toMatchObject({ action: 'create', contact: { id: contact.id, name: 'Duda', number: '***********04' } });
    expect(presentContact(contact).number).toBe('5511999990004');
  });
});
