import i18n from '../../i18n';
import { ApiError } from '../../lib/api';

/**
 * The toast of a refused signup (spec 1 §8, spec 2 §8). An e-mail already in use gets the generic
 * "Erro ao criar usuário. Verifique os dados informados.", so the page tells no one whose address has an
 * account; a company name in use gets the companies' own long message; other known codes are translated.
 */
export function signupFailureText(err: unknown): string {
  const code = err instanceof ApiError ? err.code : null;
  if (code === 'ERR_COMPANY_NAME_ALREADY_EXISTS') return i18n.t('companies.toasts.saveError');
  if (!code || code === 'ERR_VALIDATION' || code === 'ERR_EMAIL_ALREADY_EXISTS' || !i18n.exists(`backendErrors.${code}`)) {
    return i18n.t('signup.toasts.fail');
  }
  return i18n.t(`backendErrors.${code}`);
}
