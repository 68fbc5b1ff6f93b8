import i18n from '../i18n';
import { ApiError } from './api';
import { notify } from './notify';

/**
 * The shared error toast (spec 1 §8): a known ERR_* code is translated, an unknown one is shown raw,
 * a string is shown as is, otherwise "An error occurred!". Closes after 2 seconds.
 */
/** A body that is a message of its own (a string), not an HTML error page. */
const plainText = (body: unknown): body is string => typeof body === 'string' && body.trim() !== '' && !body.trimStart().startsWith('<');

export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === 'ERR_VALIDATION' && err.fields?.length) return err.fields.map((f) => f.message).join(' · ');
    if (err.code) return i18n.exists(`backendErrors.${err.code}`) ? i18n.t(`backendErrors.${err.code}`) : err.code;
    if (plainText(err.body)) return err.body;
  }
  if (typeof err === 'string') return err;
  return i18n.t('common.genericError');
}

export function toastError(err: unknown) {
  notify(errorMessage(err), 'error', 2000);
}
