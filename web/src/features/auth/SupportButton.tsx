import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { Fab, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * The floating support button of the login page (spec 1 §2.2): opens a chat link. The link is the
 * build-time VITE_SUPPORT_URL; without one the button is not shown rather than pointing nowhere.
 */
export function SupportButton() {
  const { t } = useTranslation();
  const url = import.meta.env.VITE_SUPPORT_URL as string | undefined;
  if (!url) return null;
  return (
    <Tooltip title={t('login.support')}>
      <Fab
        color="success"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        sx={{ position: 'fixed', bottom: 24, right: 24 }}
        aria-label={t('login.support')}
      >
        <SupportAgentIcon />
      </Fab>
    </Tooltip>
  );
}
