import type { QueueIntegrationType } from '@chatflow/contract';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import WebhookIcon from '@mui/icons-material/Webhook';
import { Avatar } from '@mui/material';
import type { ReactNode } from 'react';

/** Each platform's mark: its colours and initials (or a symbol), drawn here so no third-party image ships. */
const LOGOS: Record<QueueIntegrationType, { bg: string; content: ReactNode }> = {
  dialogflow: { bg: '#FF9800', content: 'DF' },
  n8n: { bg: '#EA4B71', content: 'n8n' },
  webhook: { bg: '#455A64', content: <WebhookIcon fontSize="small" /> },
  typebot: { bg: '#0042DA', content: <SmartToyIcon fontSize="small" /> },
  flowbuilder: { bg: '#2E7D32', content: <AccountTreeIcon fontSize="small" /> },
};

export function IntegrationLogo({ type, label }: { type: QueueIntegrationType; label: string }) {
  const logo = LOGOS[type];
  return (
    <Avatar
      aria-label={label}
      title={label}
      sx={{ bgcolor: logo.bg, width: 32, height: 32, fontSize: 12, fontWeight: 700 }}
      data-testid={`logo-${type}`}
    >
      {logo.content}
    </Avatar>
  );
}
