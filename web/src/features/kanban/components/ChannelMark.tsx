import type { Channel } from '@chatflow/contract';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';

const COLORS: Record<Channel, string> = { whatsapp: '#25D366', whatsappapi: '#128C7E', facebook: '#1877F2', instagram: '#E4405F' };

/** A card's channel as a small icon with an accessible name. */
export function ChannelMark({ channel, label }: { channel: Channel; label: string }) {
  const sx = { color: COLORS[channel], fontSize: 18 };
  if (channel === 'facebook') return <FacebookIcon sx={sx} titleAccess={label} />;
  if (channel === 'instagram') return <InstagramIcon sx={sx} titleAccess={label} />;
  return <WhatsAppIcon sx={sx} titleAccess={label} />;
}
