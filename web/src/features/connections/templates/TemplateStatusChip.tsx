import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLOR: Record<string, 'success' | 'warning' | 'error' | 'default'> = {
  APPROVED: 'success',
  PENDING: 'warning',
  IN_APPEAL: 'warning',
  REJECTED: 'error',
  PAUSED: 'error',
  DISABLED: 'error',
};

/** A template's status as Meta names it, in the reader's language and colour (approved green, waiting amber, refused red). */
export function TemplateStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={COLOR[status] ?? 'default'}
      variant={status === 'APPROVED' ? 'filled' : 'outlined'}
      label={t(`templates.status.${status}`, { defaultValue: status })}
      data-testid="template-status"
    />
  );
}
