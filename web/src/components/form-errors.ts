import type { TFunction } from 'i18next';
import type { FieldValues, UseFormSetError, Path } from 'react-hook-form';
import { ApiError } from '../lib/api';
import { toastError } from '../lib/errors';

/** The helper text of a field: the contract's message key, translated. */
export const fieldError = (t: TFunction, error?: { message?: string }) => (error?.message ? t(error.message) : undefined);

/** Shows a server validation failure on the form's fields; anything else becomes the error toast. */
export function applyServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>) {
  if (err instanceof ApiError && err.code === 'ERR_VALIDATION' && err.fields?.length) {
    for (const f of err.fields) setError(f.field as Path<T>, { message: f.key });
    return;
  }
  toastError(err);
}
