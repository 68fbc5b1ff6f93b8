import { type Actor, isAdmin } from '@chatflow/contract';
import type { DbOrTx } from '../../db/client';
import { getCompanySetting } from '../settings';
import type { ContactViewer } from './presenter';

/** The company setting that hides contact numbers from profile users (spec 1 §5, spec 2 §6). */
export async function companyHidesNumbers(db: DbOrTx, companyId: number): Promise<boolean> {
  return (await getCompanySetting(db, companyId, 'lgpdHideNumber')) === 'enabled';
}

/**
 * How `actor` sees contact numbers: masked (all but the last 2 digits, groups exempt) for a profile
 * user when the company hides numbers; admins always see them whole. Exported for the features that
 * show contacts too (tickets, messages), so every screen applies one rule.
 */
export async function contactViewerFor(db: DbOrTx, companyId: number, actor: Pick<Actor, 'profile'>): Promise<ContactViewer> {
  if (isAdmin(actor)) return { maskNumber: false };
  return { maskNumber: await companyHidesNumbers(db, companyId) };
}

/**
 * Realtime events go to the whole company, admins and users alike, so they cannot be shaped per
 * viewer: while the company hides numbers they carry the masked form (the safe default), and an
 * admin's screen keeps the whole number it already has or reads it again over HTTP.
 */
export async function eventViewer(db: DbOrTx, companyId: number): Promise<ContactViewer> {
  return { maskNumber: await companyHidesNumbers(db, companyId) };
}
