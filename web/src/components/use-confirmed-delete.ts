import { toastError } from '../lib/errors';
import type { VariantType } from 'notistack';
import { notify } from '../lib/notify';
import { useConfirmTarget } from './use-confirm-target';

/**
 * A row to delete after a confirmation: `ask(row)` opens the dialog, `confirm` deletes, says so, or
 * shows the error and rethrows so the dialog stays open. `deletedMessage` may read the delete's answer
 * (a screen whose server answers the text to show), shown as `variant`.
 */
export function useConfirmedDelete<T>(
  remove: (row: T) => Promise<unknown>,
  deletedMessage: string | ((answer: unknown) => string),
  variant: VariantType = 'success',
) {
  const target = useConfirmTarget<T>();
  const confirm = async () => {
    if (!target.target) return;
    try {
      const answer = await remove(target.target);
      const text = typeof deletedMessage === 'string' ? deletedMessage : deletedMessage(answer);
      if (variant === 'success') notify(text);
      else notify(text, variant);
    } catch (err) {
      toastError(err);
      throw err;
    }
  };
  return { ...target, confirm };
}
