import type { Actor } from '@chatflow/contract';

/** A company's settings are read by its own users; the platform operator may read any company's. */
export const canReadCompanySettings = (actor: Actor, companyId: number) => actor.super || actor.companyId === companyId;

/** Global keys and provider secrets belong to the platform operator. */
export const canWriteGlobalSettings = (actor: Actor) => actor.super;
