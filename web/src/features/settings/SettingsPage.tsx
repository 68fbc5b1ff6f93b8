import { Box, Chip, CircularProgress, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useIsMutating } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../app/providers/AuthProvider';
import { CompaniesManager } from '../companies';
import { HelpsManager } from '../helps';
import { PlansManager } from '../plans';
import { CompanySchedulesTab } from './CompanySchedulesTab';
import { settingKeys, useCompanySettings } from './hooks';
import { OptionsTab } from './OptionsTab';
import { WhitelabelTab } from './WhitelabelTab';

interface SettingsTab {
  id: string;
  superOnly: boolean;
  /** Shown only while the company's scheduleType setting has this value. */
  scheduleType?: string;
  render(): ReactNode;
}

/**
 * Tabs of spec 2 §2 Settings. The schedules tab shows while scheduleType is 'company'; the
 * certificate upload comes with its own feature. The router already keeps non-admins out; the super-only tabs are
 * simply absent for anyone else, and the server refuses their calls anyway.
 */
const TABS: SettingsTab[] = [
  { id: 'options', superOnly: false, render: () => <OptionsTab /> },
  { id: 'schedules', superOnly: false, scheduleType: 'company', render: () => <CompanySchedulesTab /> },
  { id: 'companies', superOnly: true, render: () => <CompaniesManager /> },
  { id: 'plans', superOnly: true, render: () => <PlansManager /> },
  { id: 'helps', superOnly: true, render: () => <HelpsManager /> },
  { id: 'whitelabel', superOnly: true, render: () => <WhitelabelTab /> },
];

/** /settings (admin). The open tab lives in the URL (?tab=plans) so it survives a reload. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const updating = useIsMutating({ mutationKey: settingKeys.update }) > 0;
  const scheduleType = useCompanySettings().data?.scheduleType;
  const tabs = TABS.filter((tab) => (!tab.superOnly || user?.super) && (!tab.scheduleType || tab.scheduleType === scheduleType));
  const current = tabs.find((tab) => tab.id === params.get('tab')) ?? tabs[0];

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
