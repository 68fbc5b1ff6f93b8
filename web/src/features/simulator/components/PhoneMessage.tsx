import type { SimulatorMessageView } from '@chatflow/contract';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import PlaceIcon from '@mui/icons-material/Place';
import PersonIcon from '@mui/icons-material/Person';
import { Box, Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FormattedText } from '../../../components/wa-text/FormattedText';
import { formatTime } from '../../../lib/format';

/** The maps link of a location: the pipe format of received messages, or "lat,lng" of replies. */
function locationLink(m: SimulatorMessageView): { href: string; label: string } {
  if (m.fromCustomer) {
    const [, link = '', description = ''] = m.body.split('|');
    return { href: link, label: description || link };
  }
  return { href: `https://maps.google.com/maps?q=${encodeURIComponent(m.body)}`, label: m.body };
}

const vcardName = (vcard: string) => /^FN[^:]*:(.*)$/m.exec(vcard)?.[1]?.trim() || vcard;
const safeHref = (href: string) => (/^https?:\/\//.test(href) || href.startsWith('/public/') ? href : undefined);

function Content({ m }: { m: SimulatorMessageView }) {
  const { t } = useTranslation();
  const media = m.mediaUrl ? safeHref(m.mediaUrl) : undefined;
  switch (m.type) {
    case 'image':
      return media ? (
        <Box component="img" src={media} alt={m.mediaName ?? ''} sx={{ maxWidth: '100%', borderRadius: 1, display: 'block' }} />
      ) : null;
    case 'audio':
      // biome-ignore lint/a11y/useMediaCaption: voice notes and sent audio come without captions
      return media ? <audio controls preload="metadata" src={media} style={{ maxWidth: '100%' }} /> : null;
    case 'video':
      // biome-ignore lint/a11y/useMediaCaption: videos sent in a chat come without captions
      return media ? <video controls preload="metadata" src={media} style={{ maxWidth: '100%' }} /> : null;
    case 'document':
      return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <InsertDriveFileIcon fontSize="small" />
          {media ? (
            <Link href={media} target="_blank" rel="noopener noreferrer" download>
              {m.mediaName ?? t('simulator.file')}
            </Link>
          ) : (
            <span>{m.mediaName ?? t('simulator.file')}</span>
          )}
        </Stack>
      );
    case 'location': {
      const place = locationLink(m);
      return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <PlaceIcon fontSize="small" />
          {safeHref(place.href) ? (
            <Link href={place.href} target="_blank" rel="noopener noreferrer">
              {place.label}
            </Link>
          ) : (
            <span>{place.label}</span>
          )}
        </Stack>
      );
    }
    case 'contact':
      return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <PersonIcon fontSize="small" />
          <span>{vcardName(m.body)}</span>
        </Stack>
      );
    default:
      return null;
  }
}

/**
 * One bubble of the customer's phone: their own messages on the right with the state their phone
 * shows (sent, delivered, read), the company's replies on the left. Content is rendered as text, with
 * WhatsApp's inline styles as elements.
 */
export function PhoneMessage({ message: m }: { message: SimulatorMessageView }) {
  const { t } = useTranslation();
  const caption = ['text', 'image', 'video', 'audio', 'document', 'interactive'].includes(m.type) ? m.body : '';
  return (
    <Box
      data-testid={m.fromCustomer ? 'sent-message' : 'received-message'}
      sx={{
        alignSelf: m.fromCustomer ? 'flex-end' : 'flex-start',
        maxWidth: '80%',
        px: 1.25,
        py: 0.75,
        borderRadius: 2,
        bgcolor: m.fromCustomer ? '#dcf8c6' : '#ffffff',
        color: '#111b21',
        boxShadow: '0 1px 0.5px rgba(0,0,0,.13)',
      }}
    >
      {m.isDeleted ? (
        <Typography variant="body2" sx={{ fontStyle: 'italic', color: '#667781' }}>
          {t('simulator.deleted')}
        </Typography>
      ) : (
        <Stack spacing={0.5}>
          <Content m={m} />
          {caption && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {/* As a phone shows it: the bot's "*[ 1 ]* - Comercial" in bold, never as raw marks. */}
              <FormattedText text={caption} />
            </Typography>
          )}
        </Stack>
      )}
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center', color: '#667781' }}>
        {m.isEdited && !m.isDeleted && <Typography variant="caption">{t('simulator.edited')}</Typography>}
        <Typography variant="caption">{formatTime(m.createdAt)}</Typography>
        {m.fromCustomer &&
          (m.ack >= 2 ? (
            <DoneAllIcon
              aria-label={t(m.ack >= 3 ? 'simulator.read' : 'simulator.delivered')}
              sx={{ fontSize: 16, color: m.ack >= 3 ? '#53bdeb' : 'inherit' }}
            />
          ) : (
            <DoneIcon aria-label={t('simulator.sent')} sx={{ fontSize: 16 }} />
          ))}
      </Stack>
    </Box>
  );
}
