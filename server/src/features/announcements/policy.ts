import type { Actor } from '@chatflow/contract';

/**
 * Who may: the super company writes announcements and sees them all (spec 3 §6); every other user
 * reads only the active ones, in the top bar's popover.
 */
export const canManageAnnouncements = (actor: Pick<Actor, 'super'>) => actor.super;
export const canSeeAnnouncement = (actor: Pick<Actor, 'super'>, a: { status: boolean }) => a.status || actor.super;
