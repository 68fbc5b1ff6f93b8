import { Box, Button, Divider, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { safeUrl } from '../parse/data-json';
import type { InteractiveButton, InteractiveContent } from '../parse/special';
import { TextBody } from './TextBody';

/**
 * What a button does in the agent's screen: copy its code, open its link, or explain that calls are
 * made from the phone (spec 1 §8 toasts). Other buttons (quick replies) only show their label.
 */
async function press(button: InteractiveButton, t: (k: string) => string) {
  const kind = button.name.toLowerCase();
  if (kind.includes('copy')) {
    if (!button.copyCode) return notify(t('conversation.interactive.nothingToCopy'), 'warning');
    await navigator.clipboard?.writeText(button.copyCode).catch(() => undefined);
    return notify(t('conversation.interactive.copied'), 'success');
  }
  if (kind.includes('url')) {
    const url = safeUrl(button.url);
    if (!url) return notify(t('conversation.interactive.noLink'), 'warning');
    window.open(url, '_blank', 'noopener,noreferrer');
    return;
  }
  if (kind.includes('call')) notify(t('conversation.interactive.noCalls'), 'info');
}

/** The buttons of an interactive message (also under a PIX charge), each with the value it carries. */
export function InteractiveActions({ buttons }: { buttons: InteractiveButton[] }) {
  const { t } = useTranslation();
  if (buttons.length === 0) return null;
  return (
    <>
      <Divider sx={{ my: 0.5 }} />
      <Stack spacing={0.5}>
        {buttons.map((b, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a sent message's buttons never change order
          <Box key={i}>
            <Button size="small" fullWidth variant="outlined" onClick={() => void press(b, t)}>
              {b.displayText || b.name}
            </Button>
            {b.phoneNumber && (
              <Typography variant="caption" component="div">
                {b.phoneNumber}
              </Typography>
            )}
            {b.url && (
              <Typography variant="caption" component="div" sx={{ wordBreak: 'break-all' }}>
                {b.url}
              </Typography>
            )}
            {b.copyCode && (
              <Typography variant="caption" component="div" sx={{ wordBreak: 'break-all' }}>
                {b.copyCode}
              </Typography>
            )}
          </Box>
        ))}
      </Stack>
    </>
  );
}

export function InteractiveBody({ content }: { content: InteractiveContent }) {
  return (
    <Box data-testid="kind-interactive" sx={{ minWidth: 200 }}>
      {content.headerImage && (
        <Box
          component="img"
          src={content.headerImage}
          alt=""
          loading="lazy"
          sx={{ display: 'block', maxWidth: 260, borderRadius: 1, mb: 0.5 }}
        />
      )}
      {content.headerTitle && <Typography variant="subtitle2">{content.headerTitle}</Typography>}
      <TextBody text={content.body} />
      {content.footer && (
        <Typography variant="caption" color="text.secondary" component="div">
          {content.footer}
        </Typography>
      )}
      <InteractiveActions buttons={content.buttons} />
    </Box>
  );
}
