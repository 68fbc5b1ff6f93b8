import type { Channel } from '@chatflow/contract';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import type { SvgIconProps } from '@mui/material';
import { useTranslation } from 'react-i18next';

const ICONS = { whatsapp: WhatsAppIcon, whatsappapi: WhatsAppIcon, facebook: FacebookIcon, instagram: InstagramIcon };
const COLORS: Record<Channel, string> = { whatsapp: '#25D366', whatsappapi: '#128C7E', facebook: '#1877F2', instagram: '#E1306C' };

/** The ticket's channel as a small coloured brand icon. */
export function ChannelIcon({ channel, ...props }: { channel: Channel } & SvgIconProps) {
  const { t } = useTranslation();
  const Icon = ICONS[channel] ?? WhatsAppIcon;
  return <Icon titleAccess={t(`tickets.list.channel.${channel}`)} {...props} sx={{ color: COLORS[channel], ...props.sx }} />;
}
