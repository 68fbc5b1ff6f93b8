import type { Chat, Contact } from 'baileys';
import { isJidGroup, isLidUser, isPnUser } from 'baileys';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channelPhoneContacts } from '../../db/schema';
import { type PhoneNumbers, userOf } from './jids';

interface Entry {
  number: string;
  name: string;
  saved: boolean;
  chat: boolean;
}

/**
 * Keeps the people the phone tells of (channel_phone_contacts): its address book from Baileys'
 * contacts events and the people it has chats with from history and chat events. Only people whose
 * phone number is known are kept (a bare LID is no number to import); groups are left out.
 */
export class PhoneBook {
  constructor(
    private readonly db: Db,
    private readonly connectionId: number,
    private readonly numbers: PhoneNumbers,
  ) {}

  private async numberOf(id: string | null | undefined, phoneNumber?: string | null): Promise<string | null> {
    if (!id || isJidGroup(id)) return null;
    if (isPnUser(id)) return this.numbers.numberOf(id);
    if (isLidUser(id)) {
      const number = await this.numbers.numberOf(id, phoneNumber);
      return /^\d{8,15}$/.test(number) && number !== id.split('@')[0] ? number : null;
    }
    return null;
  }

  async contacts(contacts: Partial<Contact>[]): Promise<void> {
    const entries: Entry[] = [];
    for (const c of contacts) {
      await this.mapping(c);
      const number = await this.numberOf(c.phoneNumber ?? c.id, c.phoneNumber);
      if (!number) continue;
      // A name saved on the phone means it is in the address book; a chosen name alone does not.
      entries.push({ number, name: c.name || c.notify || c.verifiedName || '', saved: Boolean(c.name), chat: false });
    }
    await this.write(entries);
  }

  /** A contact named by both its LID and its number tells the mapping (a contact kept under the LID becomes the number's). */
  private async mapping(c: Partial<Contact>): Promise<void> {
    const lid = [c.id, c.lid].find((j) => j && isLidUser(j));
    const pn = [c.phoneNumber, c.id].find((j) => j && isPnUser(j));
    if (lid && pn) await this.numbers.remember(userOf(lid), userOf(pn));
  }

  async chats(chats: Partial<Chat>[]): Promise<void> {
    const entries: Entry[] = [];
    for (const c of chats) {
      const number = await this.numberOf(c.id, (c as { pnJid?: string | null }).pnJid);
      if (number) entries.push({ number, name: c.name ?? '', saved: false, chat: true });
    }
    await this.write(entries);
  }

  private async write(entries: Entry[]): Promise<void> {
    // One row per number in a statement (ON CONFLICT cannot touch a row twice).
    const byNumber = new Map<string, Entry>();
    for (const e of entries) {
      const had = byNumber.get(e.number);
      byNumber.set(e.number, had ? { ...e, name: e.name || had.name, saved: e.saved || had.saved, chat: e.chat || had.chat } : e);
    }
    const rows = [...byNumber.values()].map((e) => ({ connectionId: this.connectionId, ...e }));
    for (let i = 0; i < rows.length; i += 500) {
      await this.db
        .insert(channelPhoneContacts)
        .values(rows.slice(i, i + 500))
        .onConflictDoUpdate({
          target: [channelPhoneContacts.connectionId, channelPhoneContacts.number],
          set: {
            name: sql`case when excluded.name <> '' then excluded.name else ${channelPhoneContacts.name} end`,
            saved: sql`${channelPhoneContacts.saved} or excluded.saved`,
            chat: sql`${channelPhoneContacts.chat} or excluded.chat`,
            updatedAt: new Date(),
          },
        });
    }
  }
}
