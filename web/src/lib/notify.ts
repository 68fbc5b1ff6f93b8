import { enqueueSnackbar, type VariantType } from 'notistack';

/** Toasts: success and info close after 3 s, errors after 2 s (spec 1 §9). */
export function notify(message: string, variant: VariantType = 'success', autoHideDuration = variant === 'error' ? 2000 : 3000) {
  enqueueSnackbar(message, { variant, autoHideDuration });
}
