export { settingRoutes } from './routes';
export {
  companySettingsMap,
  ensureCompanySettings,
  ensureGlobalSettings,
  getCompanySetting,
  getGlobalSetting,
  setCompanySetting,
  setGlobalSetting,
} from './service';
