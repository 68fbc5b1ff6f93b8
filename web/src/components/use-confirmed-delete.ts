import { toastError } from '../lib/errors';
import { notify } from '../lib/notify';
import { useConfirmTarget } from './use-confirm-target';

/**
 * A row to delete after a confirmation: `ask(row)` opens the dialog, `confirm` deletes, says so, or
 * shows the error and rethrows so the dialog stays open.
 */
export function useConfirmedDelete<T>(remove: (row: T) => Promise<unknown>, deletedMessage: string) {
  const target = useConfirmTarget<T>();
  const confirm = async () => {
    if (!target.target) return;
    try {
      await remove(target.target);
      notify(deletedMessage);
    } catch (err) {
      toastError(err);
      throw err;
    }
  };
  return { ...target, confirm };
}
