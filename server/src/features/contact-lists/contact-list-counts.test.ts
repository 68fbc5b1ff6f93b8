import { describe, expect, test } from 'vitest';
import { contactListItems } from '../../db/schema';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

/** Writes n items straight into a list: the count is what is under test, not the item route. */
async function fillList(companyId: number, contactListId: number, n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({
    companyId,
    contactListId,
    name: `Contato ${i}`,
    number: `55119${String(i).padStart(8, '0')}`,
  }));
  for (let i = 0; i < rows.length; i += 500) await t.database.db.insert(contactListItems).values(rows.slice(i, i + 500));
}

describe('a contact list’s contactsCount', () => {
  test('counts the list’s own items only: 0 when empty, N with N items, never another company’s', async () => {
    const admin = await t.factory.admin();
    const api = await t.as(admin);
    const empty = (await api.post('/contact-lists', { name: 'Vazia' })).json();
    const full = (await api.post('/contact-lists', { name: 'Cheia' })).json();
    await fillList(admin.companyId, full.id, 2000);

    const stranger = await t.factory.admin();
    const strangerApi = await t.as(stranger);
    const theirs = (await strangerApi.post('/contact-lists', { name: 'Deles' })).json();
    await fillList(stranger.companyId, theirs.id, 3);

    expect((await api.get(`/contact-lists/${empty.id}`)).json().contactsCount).toBe(0);
    expect((await api.get(`/contact-lists/${full.id}`)).json().contactsCount).toBe(2000);
    const page = (await api.get('/contact-lists')).json();
    expect(page.records.map((r: { name: string; contactsCount: number }) => [r.name, r.contactsCount])).toEqual([
      ['Cheia', 2000],
      ['Vazia', 0],
    ]);
    const all = (await api.get('/contact-lists/list')).json();
    expect(all.map((r: { name: string; contactsCount: number }) => [r.name, r.contactsCount])).toEqual([
      ['Cheia', 2000],
      ['Vazia', 0],
    ]);
    expect((await strangerApi.get(`/contact-lists/${theirs.id}`)).json().contactsCount).toBe(3);
  });
});
