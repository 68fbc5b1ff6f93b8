import type { Channel } from '@chatflow/contract';
import AddIcon from '@mui/icons-material/Add';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../app/providers/AuthProvider';
import { ChannelIcon } from './ChannelIcon';

const ENTRIES: {
  channel: Extract<Channel, 'whatsapp' | 'facebook' | 'instagram'>;
  plan: 'useWhatsapp' | 'useFacebook' | 'useInstagram';
}[] = [
  { channel: 'whatsapp', plan: 'useWhatsapp' },
  { channel: 'facebook', plan: 'useFacebook' },
  { channel: 'instagram', plan: 'useInstagram' },
];

/** "Nova conexão": WhatsApp, Facebook, Instagram, each disabled when the company's plan lacks that channel (spec 2 §2). */
export function NewConnectionMenu({ onChoose }: { onChoose(channel: 'whatsapp' | 'facebook' | 'instagram'): void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const plan = user?.company.plan;
  return (
    <>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="new-connection"
        aria-haspopup="menu"
      >
        {t('connections.add')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {ENTRIES.map(({ channel, plan: key }) => (
          <MenuItem
            key={channel}
            disabled={!plan?.[key]}
            data-testid={`new-${channel}`}
            onClick={() => {
              setAnchor(null);
              onChoose(channel);
            }}
          >
            <ListItemIcon>
              <ChannelIcon channel={channel} label="" />
            </ListItemIcon>
            <ListItemText>{t(`connections.channels.${channel}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
