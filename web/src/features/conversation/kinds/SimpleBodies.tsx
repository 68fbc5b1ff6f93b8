import CallMissedIcon from '@mui/icons-material/CallMissed';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';
import type { PollContent } from '../parse/special';
import { TextBody } from './TextBody';

export function CallLogBody({ at }: { at: string }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="kind-call" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'error.main' }}>
      <CallMissedIcon fontSize="small" />
      <Typography variant="body2">{t('conversation.kinds.lostCall', { time: formatTime(at) })}</Typography>
    </Box>
  );
}

export function ViewOnceBody({ body }: { body: string }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="kind-view-once">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
        <VisibilityIcon fontSize="small" />
        <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
          {t('conversation.kinds.viewOnce')}
        </Typography>
      </Box>
      <TextBody text={body} />
    </Box>
  );
}

export function ReactionBody({ emoji }: { emoji: string }) {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" data-testid="kind-reaction">
      {t('conversation.kinds.reaction')} <span style={{ fontSize: '1.4em' }}>{emoji}</span>
    </Typography>
  );
}

export function PollBody({ poll }: { poll: PollContent }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="kind-poll">
      <Typography variant="caption" color="text.secondary">
        {t('conversation.kinds.poll')}
      </Typography>
      <TextBody text={poll.name} />
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {poll.options.map((o, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a poll's options never change order
          <li key={i}>
            <Typography variant="body2">{o}</Typography>
          </li>
        ))}
      </Box>
      {poll.selectableCount > 1 && (
        <Typography variant="caption" color="text.secondary">
          {t('conversation.kinds.pollMany', { count: poll.selectableCount })}
        </Typography>
      )}
    </Box>
  );
}
