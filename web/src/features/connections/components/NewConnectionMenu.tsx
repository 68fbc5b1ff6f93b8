import type { Channel } from '@chatflow/contract';
import AddIcon from '@mui/icons-material/Add';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../app/providers/AuthProvider';
import { useMetaLoginSettings } from '../meta-login/use-meta-login';
import { ChannelIcon } from './ChannelIcon';

export type NewConnectionChannel = Extract<Channel, 'whatsapp' | 'whatsappapi' | 'facebook' | 'instagram'>;

/** The official API has no plan switch of its own: it is WhatsApp, under useWhatsapp. */
const ENTRIES: { channel: NewConnectionChannel; plan: 'useWhatsapp' | 'useFacebook' | 'useInstagram'; label: string }[] = [
  { channel: 'whatsapp', plan: 'useWhatsapp', label: 'connections.channels.whatsapp' },
  { channel: 'whatsappapi', plan: 'useWhatsapp', label: 'connections.newMenu.whatsappapi' },
  { channel: 'facebook', plan: 'useFacebook', label: 'connections.channels.facebook' },
  { channel: 'instagram', plan: 'useInstagram', label: 'connections.channels.instagram' },
];

/**
 * "Nova conexão": WhatsApp, WhatsApp API oficial, Facebook, Instagram, each disabled when the
 * company's plan lacks that channel (spec 2 §2).
 */
export function NewConnectionMenu({ onChoose }: { onChoose(channel: NewConnectionChannel): void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const plan = user?.company.plan;
  // Meta's entries say when the operator has not set the Meta app (they still open, with the manual path);
  // asked when the menu opens.
  const meta = useMetaLoginSettings(!!anchor).data;
  const needsOperator = (channel: NewConnectionChannel) =>
    !!meta &&
    ((channel === 'whatsappapi' && !meta.embeddedSignupReady) ||
      ((channel === 'facebook' || channel === 'instagram') && !meta.facebookReady));
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
        {ENTRIES.map(({ channel, plan: key, label }) => (
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
            <ListItemText primary={t(label)} secondary={needsOperator(channel) ? t('connections.metaLogin.needsOperator') : undefined} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
