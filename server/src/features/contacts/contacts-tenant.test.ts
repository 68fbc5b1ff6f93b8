import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { contacts } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { makeContact, makeTag, tagContact } from '../../test/contacts';

const t = useTestApp();

describe('tenant isolation of contacts', () => {
  test("another company's admin gets 404 on every route that takes a contact id, and nothing changes", async () => {
    const owner = await t.factory.admin();
    const contact = await makeContact(t.database.db, owner.companyId, { name: 'Privado', number: '5511999990001' });
    const tag = await makeTag(t.database.db, owner.companyId);
    await tagContact(t.database.db, contact.id, tag.id);
    const stranger = await t.as(await t.factory.admin());
    const calls = [
      stranger.get(`/contacts/${contact.id}`),
      stranger.put(`/contacts/${contact.id}`, { name: 'Invasor' }),
      stranger.delete(`/contacts/${contact.id}`),
      stranger.put(`/contacts/block/${contact.id}`, { active: false }),
      stranger.put(`/contacts/toggleAcceptAudio/${contact.id}`),
      stranger.put(`/contacts/toggleDisableBot/${contact.id}`),
      stranger.get('/contacts/profile/5511999990001'),
      stranger.get(`/contactTags/${contact.id}`),
      stranger.post('/tags/sync', { contactId: contact.id, tags: [] }),
      stranger.delete(`/tags-contacts/${tag.id}/${contact.id}`),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row).toMatchObject({ name: 'Privado', active: true, acceptAudioMessage: true, disableBot: false });
    expect((await (await t.as(owner)).get(`/contactTags/${contact.id}`)).json()).toHaveLength(1);
  });

  test("lists, pickers and exports never show another company's contacts", async () => {
    const owner = await t.factory.admin();
    await makeContact(t.database.db, owner.companyId, { name: 'Privado', number: '5511999990002', email: 'privado@example.com' });
    const stranger = await t.as(await t.factory.admin());
    expect((await stranger.get('/contacts', { searchParam: 'Privado' })).json()).toEqual({ contacts: [], count: 0, hasMore: false });
    expect((await stranger.get('/contacts', { searchParam: '5511999990002' })).json().count).toBe(0);
    expect((await stranger.get('/contacts/list')).json()).toEqual([]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await stranger.get('/contacts/export')).rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].rowCount).toBe(1); // the header only
  });
});
