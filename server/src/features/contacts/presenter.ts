import { type ContactRef, type ContactView, maskContactNumber, type TagRef } from '@chatflow/contract';
import type { ContactRow } from '../../db/schema';

/** What a contact carries besides its own row; lists load these for a whole page at once. */
export interface ContactRelations {
  extraInfo?: { id: number; name: string; value: string }[];
  tags?: TagRef[];
  whatsapp?: { id: number; name: string } | null;
}

/** How the viewer may see the contact: `maskNumber` when LGPD hides numbers from them (see lgpd.ts). */
export interface ContactViewer {
  maskNumber: boolean;
}

const visibleNumber = (c: Pick<ContactRow, 'number' | 'isGroup'>, viewer: ContactViewer) =>
  viewer.maskNumber ? maskContactNumber(c.number, c.isGroup) : c.number;

/** Whitelist of what leaves the server about a contact, every answer and event goes through it. */
export function presentContact(c: ContactRow, rel: ContactRelations = {}, viewer: ContactViewer = { maskNumber: false }): ContactView {
  return {
    id: c.id,
    companyId: c.companyId,
    name: c.name,
    number: visibleNumber(c, viewer),
    email: c.email,
    urlPicture: c.urlPicture,
    channel: c.channel,
    active: c.active,
    acceptAudioMessage: c.acceptAudioMessage,
    disableBot: c.disableBot,
    isGroup: c.isGroup,
    lgpdAcceptedAt: c.lgpdAcceptedAt?.toISOString() ?? null,
    extraInfo: (rel.extraInfo ?? []).map((e) => ({ id: e.id, name: e.name, value: e.value })),
    tags: (rel.tags ?? []).map((t) => ({ id: t.id, name: t.name, color: t.color })),
    whatsapp: rel.whatsapp ? { id: rel.whatsapp.id, name: rel.whatsapp.name } : null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** The picker's and the tag contacts modal's shape, masked by the same rule. */
export const presentContactRef = (c: Pick<ContactRow, 'id' | 'name' | 'number' | 'isGroup'>, viewer: ContactViewer): ContactRef => ({
  id: c.id,
  name: c.name,
  number: visibleNumber(c, viewer),
});
