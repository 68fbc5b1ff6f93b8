import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';

/** The web build's own label and the server's version (spec 1 §2.4). */
export const WEB_VERSION = '0.1.0';

export function VersionFooter() {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['version'], queryFn: () => api.get<{ version: string }>('/version'), staleTime: Infinity });
  return (
    <Typography variant="caption" color="text.secondary" sx={{ px: 2, py: 1, display: 'block' }} data-testid="version">
      {t('mainDrawer.listItems.version')} {WEB_VERSION}
      {data ? ` · API ${data.version}` : ''}
    </Typography>
  );
}
