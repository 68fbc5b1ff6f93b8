import { sql } from 'drizzle-orm';
import { CAMPAIGN_CLAIM_LEASE_SECONDS } from '../../../config';
import type { DbOrTx } from '../../../db/client';

export type ClaimedRow = {
  id: number;
  position: number;
  number: string;
  name: string;
  email: string;
  variant: number;
};

const columns = sql`id, position, number, name, email, variant`;

/**
 * Claims up to `limit` rows to send, in one statement each: pending rows in order (the partial index),
 * else rows whose claim outlived its lease (config.campaignClaimLeaseSeconds: a claim older than that
 * is taken to belong to a worker that died, so its row is claimed again and re-sent with the same key). SKIP LOCKED lets two workers claim side by side without
 * ever taking the same row.
 */
export async function claimRows(
  tx: DbOrTx,
  campaignId: number,
  limit: number,
  now: Date,
  leaseSeconds = CAMPAIGN_CLAIM_LEASE_SECONDS,
): Promise<ClaimedRow[]> {
  const pending = await tx.execute<ClaimedRow>(sql`
    update campaign_shipping set state = 'claimed', claimed_at = ${now.toISOString()}::timestamptz
    where id in (
      select id from campaign_shipping where campaign_id = ${campaignId} and state = 'pending'
      order by position limit ${limit} for update skip locked)
    returning ${columns}`);
  if (pending.rows.length > 0) return sortByPosition(pending.rows);
  const expired = new Date(now.getTime() - leaseSeconds * 1000);
  const stale = await tx.execute<ClaimedRow>(sql`
    update campaign_shipping set claimed_at = ${now.toISOString()}::timestamptz
    where id in (
      select id from campaign_shipping where campaign_id = ${campaignId} and state = 'claimed' and claimed_at < ${expired.toISOString()}::timestamptz
      order by claimed_at limit ${limit} for update skip locked)
    returning ${columns}`);
  return sortByPosition(stale.rows);
}

const sortByPosition = (rows: ClaimedRow[]) =>
  rows.map((r) => ({ ...r, position: Number(r.position), variant: Number(r.variant) })).sort((a, b) => a.position - b.position);

/** Whether any row still waits to be sent or is being sent (the campaign is not finished yet). */
export async function hasOpenRows(tx: DbOrTx, campaignId: number): Promise<boolean> {
  const result = await tx.execute(sql`
    select 1 from campaign_shipping where campaign_id = ${campaignId} and state in ('pending', 'claimed') limit 1`);
  return result.rows.length > 0;
}

export interface Completion {
  id: number;
  /** The provider's id of the row's (first) message. */
  externalId: string;
  /** Confirmation flow: the confirmation message went out; the campaign message waits for the answer. */
  awaitingConfirmation: boolean;
}

/**
 * Completes claims in one statement: the provider's message id is written with the state change, and
 * only where the row is still claimed (a re-send after a lease wins nothing twice). Answers the rows
 * this statement completed: only those are counted and recorded in their tickets.
 */
export async function completeRows(tx: DbOrTx, now: Date, done: Completion[]): Promise<{ id: number; awaiting: boolean }[]> {
  if (done.length === 0) return [];
  const values = sql.join(
    done.map((d) => sql`(${d.id}::int, ${d.externalId}::text, ${d.awaitingConfirmation}::boolean)`),
    sql`, `,
  );
  const result = await tx.execute<{ id: number; awaiting: boolean }>(sql`
    update campaign_shipping s set
      state = case when v.awaiting then 'awaiting_confirmation' else 'delivered' end,
      external_id = case when v.awaiting then s.external_id else v.external_id end,
      delivered_at = case when v.awaiting then s.delivered_at else ${now.toISOString()}::timestamptz end,
      confirmation_external_id = case when v.awaiting then v.external_id else s.confirmation_external_id end,
      confirmation_requested_at = case when v.awaiting then ${now.toISOString()}::timestamptz else s.confirmation_requested_at end
    from (values ${values}) as v(id, external_id, awaiting)
    where s.id = v.id and s.state = 'claimed'
    returning s.id as id, v.awaiting as awaiting`);
  return result.rows.map((r) => ({ id: Number(r.id), awaiting: Boolean(r.awaiting) }));
}
