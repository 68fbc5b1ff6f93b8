export { settingRoutes } from './routes';
export { companySettingsJsonSql, companySettingsMap, withSettingDefaults } from './service';
export { ensureCompanySettings } from './service';
export { ensureGlobalSettings } from './service';
export { getCompanySetting } from './service';
export { getGlobalSetting } from './service';
export { setCompanySetting } from './service';
export { setGlobalSetting } from './service';
export { readCertificate } from './certificates';
