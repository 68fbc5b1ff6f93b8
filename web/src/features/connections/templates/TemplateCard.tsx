import type { MessageTemplateView } from '@chatflow/contract';
import LinkIcon from '@mui/icons-material/Link';
import PhoneIcon from '@mui/icons-material/Phone';
import ReplyIcon from '@mui/icons-material/Reply';
import { Chip, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TemplateStatusChip } from './TemplateStatusChip';
import { TemplateText } from './TemplateText';

export const buttonIcon = (type: string) => {
  const kind = type.toUpperCase();
  if (kind === 'URL') return <LinkIcon fontSize="small" />;
  if (kind === 'PHONE_NUMBER') return <PhoneIcon fontSize="small" />;
  return <ReplyIcon fontSize="small" />;
};

/** One template under its connection: name, language, category, status, header, body with its variables, footer, buttons. */
export function TemplateCard({ template }: { template: MessageTemplateView }) {
  const { t } = useTranslation();
  const header = template.header;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, height: '100%' }} data-testid="template-card" data-template-name={template.name}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle2" component="h3" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', mr: 'auto' }}>
            {template.name}
          </Typography>
          <TemplateStatusChip status={template.status} />
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Chip size="small" variant="outlined" label={template.language} />
          {template.category && (
            <Chip
              size="small"
              variant="outlined"
              label={t(`templates.category.${template.category}`, { defaultValue: template.category })}
            />
          )}
        </Stack>
        {template.reason && (
          <Typography variant="caption" color="error">
            {t('templates.reason', { reason: template.reason })}
          </Typography>
        )}
        {header &&
          (header.text ? (
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              <TemplateText text={header.text} />
            </Typography>
          ) : (
            <Typography variant="caption" color="text.secondary">
              {t('templates.mediaHeader', { format: t(`templates.format.${header.format}`, { defaultValue: header.format }) })}
            </Typography>
          ))}
        <Typography variant="body2">
          <TemplateText text={template.body} />
        </Typography>
        {template.footer && (
          <Typography variant="caption" color="text.secondary">
            {template.footer}
          </Typography>
        )}
        {template.buttons.length > 0 && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label={t('templates.buttons')}>
            {template.buttons.map((b) => (
              <Chip
                key={`${b.type}-${b.text}`}
                size="small"
                variant="outlined"
                icon={buttonIcon(b.type)}
                label={b.text}
                title={b.url ?? b.phoneNumber ?? undefined}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
