import PersonIcon from '@mui/icons-material/Person';
import { Avatar, Box, Button, Divider, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useStartChat } from '../hooks/use-start-chat';
import type { VCardContact } from '../parse/vcard';

/** A shared contact: name, number and "Conversar", which opens (or creates) a ticket with it. */
export function VCardBody({ contact }: { contact: VCardContact }) {
  const { t } = useTranslation();
  const start = useStartChat();
  return (
    <Box data-testid="kind-vcard" sx={{ minWidth: 200 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Avatar sx={{ width: 36, height: 36 }}>
          <PersonIcon />
        </Avatar>
        <Box>
          <Typography variant="subtitle2">{contact.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {contact.number}
          </Typography>
        </Box>
      </Box>
      <Divider sx={{ my: 0.5 }} />
      <Button fullWidth size="small" disabled={start.isPending} onClick={() => start.mutate(contact)}>
        {t('conversation.kinds.talk')}
      </Button>
    </Box>
  );
}
