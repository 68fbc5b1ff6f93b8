import { z } from 'zod';

export const SettingView = z.object({ key: z.string(), value: z.string() });
export type SettingView = z.infer<typeof SettingView>;

/** GET /companySettingOne?column=X: `{ key, value }` plus `{ X: value }`, the shape the spec's clients read. */
export const CompanySettingOneView = SettingView.catchall(z.string());
export type CompanySettingOneView = z.infer<typeof CompanySettingOneView>;

/** A global setting as the super user's screen gets it: secrets come back empty, with hasValue. */
export const GlobalSettingView = SettingView.extend({ hasValue: z.boolean(), secret: z.boolean() });
export type GlobalSettingView = z.infer<typeof GlobalSettingView>;

/** GET /companySettings/{companyId}: every setting of the company as one object. */
export const CompanySettingsObject = z.record(z.string(), z.string());
export type CompanySettingsObject = z.infer<typeof CompanySettingsObject>;

/** PUT /settings/{key} and /companySettings: a global key answers with its global view, a company key with the plain one. */
export const UpdatedSetting = z.union([GlobalSettingView, SettingView]);
export type UpdatedSetting = z.infer<typeof UpdatedSetting>;

/** POST /settings/cert-upload: the spec's answer ('Arquivo Anexado'). */
export const CertificateUploadAnswer = z.object({ mensagem: z.string() });
export type CertificateUploadAnswer = z.infer<typeof CertificateUploadAnswer>;

/** GET /settings/certificates: what is installed, never the file itself (write-only like the secrets). */
export const CertificateView = z.object({ destination: z.string(), fileName: z.string(), uploadedAt: z.string() });
export type CertificateView = z.infer<typeof CertificateView>;
