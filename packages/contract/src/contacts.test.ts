import { describe, expect, test } from 'vitest';
import { ContactImportRowsInput } from './contact-import';
import { ContactInput, ContactUpdateInput, maskContactNumber, TicketContactInput } from './contacts';
import { canEditQuickMessage, canSeeQuickMessage } from './quick-messages';
import { randomTagColor, TagInput, TagSyncInput } from './tags';

const firstKey = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('contacts contract', () => {
  test('maskContactNumber keeps the last two digits; groups and tiny values are left alone', () => {
    expect(maskContactNumber('5511999998888')).toBe('***********88');
    expect(maskContactNumber('120363000000000077', true)).toBe('120363000000000077');
    expect(maskContactNumber('12')).toBe('12');
  });

  test('numbers are compared as digits, 8 to 50 of them', () => {
    expect(ContactInput.parse({ name: 'Ana', number: '+55 (11) 9999-8888' }).number).toBe('551199998888');
    expect(firstKey(ContactInput.safeParse({ name: 'Ana', number: '123-4567' }))).toBe('validation.tooShort');
  });

  test('the contacts page allows 250 characters of name, the ticket-side form 50', () => {
    const name = 'n'.repeat(51);
    expect(ContactInput.safeParse({ name, number: '5511999998888' }).success).toBe(true);
    expect(firstKey(TicketContactInput.safeParse({ name, number: '5511999998888' }))).toBe('validation.tooLong');
  });

  test('a masked number sent back by the contact form means "unchanged"', () => {
    expect(ContactUpdateInput.parse({ number: '***********88', name: 'Ana' })).toEqual({ name: 'Ana' });
  });

  test('an import mapping may not use one column twice', () => {
    expect(firstKey(ContactImportRowsInput.safeParse({ mapping: { name: 'a', number: 'a' }, rows: [{ a: '1' }] }))).toBe(
      'validation.invalid',
    );
  });
});

describe('tags and quick messages contract', () => {
  test('each screen keeps its own "too short" message', () => {
    expect(firstKey(TagInput.safeParse({ name: 'ab' }))).toBe('validation.messageTooShort');
    expect(firstKey(TagSyncInput.safeParse({ contactId: 1, tags: [{ name: 'ab' }] }))).toBe('validation.tagTooShort');
    expect(TagSyncInput.parse({ contactId: '3', tags: [{ id: 2, name: 'x' }, { name: ' Nova ' }] })).toEqual({
      contactId: 3,
      tags: [{ id: 2 }, { name: 'Nova' }],
    });
  });

  test('random tag colours are 6-digit hex', () => {
    expect(randomTagColor(() => 0)).toBe('#000000');
    expect(randomTagColor(() => 0.999999999)).toMatch(/^#[0-9a-f]{6}$/);
  });

  test('quick message visibility and owner rules', () => {
    const own = { userId: 1, geral: false, visao: false };
    expect(canSeeQuickMessage(2, own)).toBe(false);
    expect(canSeeQuickMessage(2, { ...own, visao: true })).toBe(true);
    const visibleToAll = { ...own, visao: true };
    expect(canEditQuickMessage(2, visibleToAll)).toBe(false);
    expect(canEditQuickMessage(2, { ...own, geral: true })).toBe(true);
    expect(canEditQuickMessage(1, own)).toBe(true);
  });
});
