import type { Actor } from '@chatflow/contract';

/** Who may: a chat is seen by its members only; only its owner edits or deletes it (spec 3 §6). */
export const isChatMember = (actor: Pick<Actor, 'id'>, memberIds: readonly number[]) => memberIds.includes(actor.id);
export const isChatOwner = (actor: Pick<Actor, 'id'>, chat: { ownerId: number | null }) => chat.ownerId === actor.id;
