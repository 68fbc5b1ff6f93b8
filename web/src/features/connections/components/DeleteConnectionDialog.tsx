import type { ConnectionView } from '@chatflow/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../../components/ConfirmationDialog';
import { toastError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useDeleteConnection } from '../hooks/use-connections';

/**
 * Deleting a connection after the spec's confirmation: the connections page and the super user's company
 * modal alike (inside a company's scope, the hook deletes there and reads that company's list again).
 */
export function DeleteConnectionDialog({ deleting, onClose }: { deleting: ConnectionView | null; onClose(): void }) {
  const { t } = useTranslation();
  const remove = useDeleteConnection();
  return (
    <ConfirmationDialog
      open={!!deleting}
      title={t('connections.deleteTitle', { name: deleting?.name ?? '' })}
      onConfirm={async () => {
        if (!deleting) return;
        try {
          await remove.mutateAsync(deleting.id);
          notify(t('connections.deleted'));
        } catch (err) {
          toastError(err);
          throw err;
        }
      }}
      onClose={onClose}
    >
      {t('connections.deleteMessage')}
    </ConfirmationDialog>
  );
}
