import type { FieldValues, UseFormSetError } from 'react-hook-form';
import i18n from '../i18n';
import { ApiError } from '../lib/api';
import { applyServerErrors } from './form-errors';
import { toastError } from '../lib/errors';
import { notify } from '../lib/notify';

/**
 * Codes whose screen text says more: internal and validation errors say nothing the user can act on, and
 * a company name in use gets the spec's long company message (spec 2 §8), the companies and plans forms' text.
 */
const UNHELPFUL = new Set(['ERR_INTERNAL', 'ERR_VALIDATION', 'ERR_COMPANY_NAME_ALREADY_EXISTS']);

/**
 * A failed save of the companies, plans or helps forms (spec 2 §8): field errors go on the form, a
 * known server code is translated, anything else shows the screen's failure text.
 */
export function reportSaveError<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fallbackKey: string) {
  if (err instanceof ApiError && err.code === 'ERR_VALIDATION' && err.fields?.length) {
    applyServerErrors(err, setError);
    return;
  }
  if (err instanceof ApiError && err.code && !UNHELPFUL.has(err.code) && i18n.exists(`backendErrors.${err.code}`)) {
    toastError(err);
    return;
  }
  notify(i18n.t(fallbackKey), 'error', 2000);
}
