import { Alert, Box, Chip, CircularProgress, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useIsMutating } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../app/providers/AuthProvider';
import { notify } from '../../lib/notify';
import { CompaniesManager } from '../companies';
import { HelpsManager } from '../helps';
import { PlansManager } from '../plans';
import { CertificateTab } from './CertificateTab';
import { CompanySchedulesTab } from './CompanySchedulesTab';
import { settingKeys, useCompanySettings } from './hooks';
import { MetaAppTab } from './MetaAppTab';
import { OptionsTab } from './OptionsTab';
import { PaymentCredentialsTab } from './PaymentCredentialsTab';
import { WhitelabelTab } from './WhitelabelTab';

interface SettingsTab {
  id: string;
  superOnly: boolean;
  /** Shown only while the company's scheduleType setting has this value. */
  scheduleType?: string;
  render(): ReactNode;
}

/**
 * Tabs of spec 2 §2 Settings. The schedules tab shows while scheduleType is 'company'. The router
 * already keeps non-admins out; the super-only tabs are absent for anyone else, and the server refuses
 * their calls anyway. Payments holds the write-only credentials (spec 2 §3 global keys).
 */
const TABS: SettingsTab[] = [
  { id: 'options', superOnly: false, render: () => <OptionsTab /> },
  { id: 'schedules', superOnly: false, scheduleType: 'company', render: () => <CompanySchedulesTab /> },
  { id: 'companies', superOnly: true, render: () => <CompaniesManager /> },
  { id: 'plans', superOnly: true, render: () => <PlansManager /> },
  { id: 'helps', superOnly: true, render: () => <HelpsManager /> },
  { id: 'whitelabel', superOnly: true, render: () => <WhitelabelTab /> },
  { id: 'payments', superOnly: true, render: () => <PaymentCredentialsTab /> },
  { id: 'certificate', superOnly: true, render: () => <CertificateTab /> },
  { id: 'meta', superOnly: true, render: () => <MetaAppTab /> },
];

/** Screens a non-super user is sent away from with 'Sem permissão para acessar!' (spec 2 §2 Settings). */
const GUARDED_TABS = ['whitelabel', 'payments', 'certificate', 'meta'];
const REDIRECT_DELAY_MS = 500;

/** Says 'Sem permissão para acessar!' and goes to / after 500 ms. */
function NoAccessRedirect() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    notify(t('settings.noAccess'), 'error', 2000);
    const timer = setTimeout(() => navigate('/', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate, t]);
  return <Alert severity="error">{t('settings.noAccess')}</Alert>;
}

/** /settings (admin). The open tab lives in the URL (?tab=plans) so it survives a reload. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const updating = useIsMutating({ mutationKey: settingKeys.update }) > 0;
  const scheduleType = useCompanySettings().data?.scheduleType;
  const tabs = TABS.filter((tab) => (!tab.superOnly || user?.super) && (!tab.scheduleType || tab.scheduleType === scheduleType));
  const current = tabs.find((tab) => tab.id === params.get('tab')) ?? tabs[0];
  if (!user?.super && GUARDED_TABS.includes(params.get('tab') ?? '')) return <NoAccessRedirect />;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', minHeight: 32 }}>
        <Typography variant="h5" component="h1">
          {t('settings.title')}
        </Typography>
        {updating && (
          <Chip
            size="small"
            color="info"
            variant="outlined"
            role="status"
            label={t('settings.updating')}
            icon={<CircularProgress size={14} color="inherit" />}
          />
        )}
      </Stack>
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={current.id}
          onChange={(_, id: string) => setParams({ tab: id }, { replace: true })}
          variant="scrollable"
          scrollButtons="auto"
          // On phones the arrows show that more tabs follow the ones that fit.
          allowScrollButtonsMobile
          aria-label={t('settings.title')}
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.id}
              value={tab.id}
              label={t(`settings.tabs.${tab.id}`)}
              id={`settings-tab-${tab.id}`}
              aria-controls={`settings-panel-${tab.id}`}
            />
          ))}
        </Tabs>
      </Paper>
      <Box role="tabpanel" id={`settings-panel-${current.id}`} aria-labelledby={`settings-tab-${current.id}`}>
        {current.render()}
      </Box>
    </Box>
  );
}
