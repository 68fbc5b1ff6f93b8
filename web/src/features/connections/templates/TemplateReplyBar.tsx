import type { TicketView } from '@chatflow/contract';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TemplateComposerDialog } from './TemplateComposerDialog';
import { templateKeys, useReplyWindow } from './use-templates';

/**
 * Above the reply box of a Cloud API conversation whose 24-hour window is closed: says why a text
 * cannot go, and offers "Enviar modelo". Nothing on other channels or while the window is open.
 */
export function TemplateReplyBar({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const applies = ticket.channel === 'whatsappapi' && ticket.whatsappId !== null;
  const window = useReplyWindow(ticket.id, applies, ticket.updatedAt);
  const [open, setOpen] = useState(false);
  if (!applies || !window.data || window.data.open || !window.data.templates) return null;
  return (
    <>
      <Alert
        severity="warning"
        sx={{ borderRadius: 0, alignItems: 'center' }}
        data-testid="window-closed"
        action={
          <Button
            color="inherit"
            size="small"
            startIcon={<SendIcon />}
            onClick={() => setOpen(true)}
            data-testid="send-template"
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('templates.send')}
          </Button>
        }
      >
        {window.data.closesAt ? t('templates.windowClosed') : t('templates.windowNever')}
      </Alert>
      {open && (
        <TemplateComposerDialog
          ticket={ticket}
          onClose={() => setOpen(false)}
          onSent={() => void qc.invalidateQueries({ queryKey: templateKeys.window(ticket.id) })}
        />
      )}
    </>
  );
}
