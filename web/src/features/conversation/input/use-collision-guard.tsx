import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../app/providers/AuthProvider';
import { ConfirmationDialog } from '../../../components/ConfirmationDialog';
import { flattenMessages, type MessagesData } from '../hooks/messages-cache';
import { conversationKeys } from '../keys';
import { secondsSinceOtherReply } from './recent-reply';

/**
 * Collision warning for every kind of reply (text, files, a recording, a quick message with media): `mayReply()`
 * answers true at once when no other agent answered the customer in the last seconds, else opens "Outro atendente
 * respondeu há N segundos. Enviar mesmo assim?" and answers the agent's choice. A private note never asks: the
 * customer does not see it, so it cannot collide.
 */
export function useCollisionGuard(ticketUuid: string): { mayReply(isPrivate: boolean): Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation();
  const { user } = useAuth();
  const qc = useQueryClient();
  // The seconds outlive `open` so the closing dialog does not flash "há 0 segundos".
  const [asking, setAsking] = useState({ open: false, seconds: 0 });
  // The waiting reply's answer; the dialog settles it once (Enviar also closes, which then finds it settled).
  const settle = useRef<((send: boolean) => void) | null>(null);

  const mayReply = useCallback(
    (isPrivate: boolean) => {
      if (isPrivate) return Promise.resolve(true);
      const loaded = flattenMessages(qc.getQueryData<MessagesData>(conversationKeys.messages(ticketUuid)));
      const ago = secondsSinceOtherReply(loaded, user?.id, Date.now());
      if (ago === null) return Promise.resolve(true);
      settle.current?.(false); // a second reply asked for while one waits replaces it
      return new Promise<boolean>((resolve) => {
        settle.current = resolve;
        setAsking({ open: true, seconds: ago });
      });
    },
    [qc, ticketUuid, user?.id],
  );

  const answer = (send: boolean) => {
    settle.current?.(send);
    settle.current = null;
    setAsking((a) => ({ ...a, open: false }));
  };

  const dialog = (
    <ConfirmationDialog
      open={asking.open}
      title={t('conversation.collision.title')}
      confirmLabel={t('conversation.collision.send')}
      cancelLabel={t('common.cancel')}
      confirmColor="primary"
      onClose={() => answer(false)}
      onConfirm={() => answer(true)}
    >
      {t('conversation.collision.body', { count: asking.seconds })}
    </ConfirmationDialog>
  );
  return { mayReply, dialog };
}
