import type { SignalKeyStore } from 'baileys';
import { isJidGroup, isLidUser, isPnUser, jidDecode } from 'baileys';
import { LRUCache } from 'lru-cache';

/** A memory of the LIDs whose number was told (PhoneNumbers' `told`). */
export const lidsTold = () => new LRUCache<string, true>({ max: 5000 });

/** The user part of a jid: "5511999990000:3@s.whatsapp.net" -> "5511999990000". */
export function userOf(jid: string): string {
  return jidDecode(jid)?.user ?? jid.split('@')[0].split(':')[0];
}

/**
 * A group's id as contacts store it is the jid's user part: "120363…" (or "5511…-1612345678" for
 * old groups). A number in either shape is addressed as a group.
 */
export function isGroupNumber(number: string): boolean {
  return number.includes('-') || /^120363\d{6,}$/.test(number);
}

/** The jid a contact number is addressed by (a jid given whole is kept). */
export function jidOf(number: string): string {
  if (number.includes('@')) return number;
  return isGroupNumber(number) ? `${number}@g.us` : `${number.replace(/\D/g, '')}@s.whatsapp.net`;
}

export const isGroupJid = (jid: string | null | undefined): boolean => Boolean(jid && isJidGroup(jid));

/**
 * WhatsApp now names many senders by a LID (an opaque "…@lid" id) instead of their phone number,
 * and the same person may arrive either way. Contacts are kept by phone number: a LID is turned
 * into the number it stands for, from the alternate jid a message carries or from the mappings
 * Baileys keeps in the session's key store (`lid-mapping`, `{lid}_reverse` -> number). A LID whose
 * number is not known yet stays the LID's user part; once its number is known, `learned` is told
 * (once per LID in this process), so a contact kept under the LID becomes the number's.
 */
export class PhoneNumbers {
  /**
   * @param told the LIDs already told: the provider keeps one across its reconnections, so a login's
   *   phone book, delivered again on every connect, is not told again.
   */
  constructor(
    private readonly keys: SignalKeyStore,
    private readonly learned: (lid: string, number: string) => Promise<void> = async () => {},
    private readonly told: LRUCache<string, true> = lidsTold(),
  ) {}

  private async tell(lid: string, number: string): Promise<void> {
    if (this.told.has(lid) || lid === number) return;
    this.told.set(lid, true);
    await this.learned(lid, number);
  }

  async numberOf(jid: string, altJid?: string | null): Promise<string> {
    if (!isLidUser(jid)) return userOf(jid);
    const lid = userOf(jid);
    if (altJid && isPnUser(altJid)) {
      const number = userOf(altJid);
      await this.remember(lid, number);
      return number;
    }
    const known = (await this.keys.get('lid-mapping', [`${lid}_reverse`]))[`${lid}_reverse`];
    // Baileys may have stored the mapping itself (from the server's own notices) before anything told us.
    if (known) await this.tell(lid, known);
    return known ?? lid;
  }

  /** Whether a contact's number is in fact a LID this session knows (stored before its phone number was). */
  async isKnownLid(number: string): Promise<boolean> {
    const known = await this.keys.get('lid-mapping', [`${number}_reverse`]);
    return Boolean(known[`${number}_reverse`]);
  }

  /** Stores a mapping the way Baileys does, so its own lookups and ours agree. */
  async remember(lid: string, number: string): Promise<void> {
    const known = await this.keys.get('lid-mapping', [number]);
    if (known[number] !== lid) await this.keys.set({ 'lid-mapping': { [number]: lid, [`${lid}_reverse`]: number } });
    await this.tell(lid, number);
  }
}
