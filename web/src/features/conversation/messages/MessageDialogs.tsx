import type { MessageView } from '@chatflow/contract';
import { type Ref, useImperativeHandle, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../../components/ConfirmationDialog';
import { useDeleteMessage } from '../hooks/use-message-actions';
import { EditMessageDialog } from './EditMessageDialog';
import { ForwardModal } from './ForwardModal';
import type { MessageAction } from './MessageOptionsMenu';
import { TranscribeDialog } from './TranscribeDialog';

export interface MessageDialogsHandle {
  open(action: Exclude<MessageAction, 'reply' | 'forward'>, message: MessageView): void;
  forward(messageIds: number[]): void;
}

interface Props {
  uuid: string;
  onForwarded(): void;
  ref: Ref<MessageDialogsHandle>;
}

/** The dialogs behind the message options: edit, delete confirmation, transcription and forward. */
export function MessageDialogs({ uuid, onForwarded, ref }: Props) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<MessageView | null>(null);
  const [deleting, setDeleting] = useState<MessageView | null>(null);
  const [transcribing, setTranscribing] = useState<MessageView | null>(null);
  const [forwarding, setForwarding] = useState<number[] | null>(null);
  const remove = useDeleteMessage();

  useImperativeHandle(
    ref,
    () => ({
      open: (action, message) => {
        if (action === 'edit') setEditing(message);
        else if (action === 'delete') setDeleting(message);
        else setTranscribing(message);
      },
      forward: setForwarding,
    }),
    [],
  );

  return (
    <>
      <EditMessageDialog uuid={uuid} message={editing} onClose={() => setEditing(null)} />
      <ConfirmationDialog
        open={!!deleting}
        title={t('conversation.options.deleteTitle')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync(deleting.id);
        }}
      >
        {t('conversation.options.deleteMessage')}
      </ConfirmationDialog>
      <TranscribeDialog message={transcribing} onClose={() => setTranscribing(null)} />
      <ForwardModal
        open={!!forwarding}
        messageIds={forwarding ?? []}
        onClose={() => setForwarding(null)}
        onDone={() => {
          setForwarding(null);
          onForwarded();
        }}
      />
    </>
  );
}
