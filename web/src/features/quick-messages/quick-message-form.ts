import { canEditQuickMessage, type QuickMessageView } from '@chatflow/contract';

/** What the quick message modal edits (spec 3 §3). */
export interface QuickMessageFormValues {
  shortcode: string;
  message: string;
  geral: boolean;
  visao: boolean;
}

/** Spec 3 §4: a new quick message is visible (visao on) and not shared (geral off). */
export const NEW_QUICK_MESSAGE_VALUES: QuickMessageFormValues = { shortcode: '', message: '', geral: false, visao: true };

export const toFormValues = (q: QuickMessageView): QuickMessageFormValues => ({
  shortcode: q.shortcode,
  message: q.message,
  geral: q.geral,
  visao: q.visao,
});

/**
 * Spec 3 §5/§6: a message that is visible but not shared belongs to its owner; anyone else sees it
 * with every field disabled (the contract's rule, which the server enforces too).
 */
export const isLockedFor = (q: QuickMessageView | null, userId: number | undefined) =>
  !!q && (userId === undefined || !canEditQuickMessage(userId, q));

/** Spec 3 §5: attachment names are stored with spaces replaced by underscores. */
export const storedFileName = (name: string) => name.replace(/\s+/g, '_');
