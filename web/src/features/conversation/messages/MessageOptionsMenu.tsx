import type { MessageView } from '@chatflow/contract';
import { Menu, MenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { canDeleteMessage, canEditMessage, canTranscribe } from './edit-rules';

export type MessageAction = 'reply' | 'forward' | 'edit' | 'delete' | 'transcribe';

interface Props {
  anchor: HTMLElement | null;
  message: MessageView | null;
  userId: number;
  onAction(action: MessageAction, message: MessageView): void;
  onClose(): void;
}

/** Reply, forward, edit (own, 15 minutes), delete (own) and transcribe (incoming audio). */
export function MessageOptionsMenu({ anchor, message, userId, onAction, onClose }: Props) {
  const { t } = useTranslation();
  if (!message) return null;
  const item = (action: MessageAction) => (
    <MenuItem
      key={action}
      data-testid={`option-${action}`}
      onClick={() => {
        onClose();
        onAction(action, message);
      }}
    >
      {t(`conversation.options.${action}`)}
    </MenuItem>
  );
  const items = [
    !message.isPrivate && item('reply'),
    item('forward'),
    canEditMessage(message, userId) && item('edit'),
    canDeleteMessage(message, userId) && item('delete'),
    canTranscribe(message) && item('transcribe'),
  ].filter(Boolean);
  return (
    <Menu
      anchorEl={anchor}
      open={!!anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      {items}
    </Menu>
  );
}
