import type { MetaLoginSettingsView } from '@chatflow/contract';
import { Alert, AlertTitle, Box } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Each missing piece: the operator's setting (Configurações › Meta) and its environment variable. */
const ENV: Record<MetaLoginSettingsView['missing'][number], string> = {
  appId: 'META_APP_ID',
  appSecret: 'META_APP_SECRET',
  embeddedSignupConfigId: 'META_EMBEDDED_SIGNUP_CONFIG_ID',
};

/**
 * What the platform operator must set before this login can work, instead of a login that would
 * fail at Meta: the missing settings by name, with their environment variables.
 */
export function MetaNotConfigured({ missing }: { missing: MetaLoginSettingsView['missing'] }) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" data-testid="meta-not-configured">
      <AlertTitle>{t('connections.metaLogin.notConfiguredTitle')}</AlertTitle>
      {t('connections.metaLogin.notConfiguredBody')}
      <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
        {missing.map((key) => (
          <li key={key}>
            {t(`connections.metaLogin.missing.${key}`)} (<code>{ENV[key]}</code>)
          </li>
        ))}
      </Box>
      {t('connections.metaLogin.notConfiguredWhere')}
    </Alert>
  );
}
