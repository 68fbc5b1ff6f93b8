import { TextField, type TextFieldProps } from '@mui/material';
import { AsYouType } from 'libphonenumber-js/min';
import { type ChangeEvent, forwardRef } from 'react';

/**
 * A phone number shown as the country formats it ("+55 41 99860 8485", "+1 415 555 2671") while
 * typed. Numbers are international, country code first, as WhatsApp addresses them; the field keeps
 * the formatted text and the contract strips everything but the digits. Formatting happens only while
 * the caret is at the end, so an edit in the middle does not make the caret jump.
 */
export function formatPhoneNumber(text: string): string {
  const digits = text.replace(/\D/g, '');
  if (digits === '' || text.includes('*')) return text; // an LGPD-masked number stays as shown
  return new AsYouType().input(`+${digits}`);
}

/** The country a number typed without its code belongs to (Brazil's code: the product's home). */
const HOME_COUNTRY_CODE = '55';

/**
 * A number as the user types it: with '+' it is international as typed; without it, it is a Brazilian
 * number ("41998608485" is +55 41 99860 8485, not Switzerland's +41) unless it already starts with 55.
 * A lone leading 5 waits for its second digit (55 is the code; 51, 53, 54 are Brazilian area codes).
 */
export function formatTypedPhoneNumber(text: string): string {
  const digits = text.replace(/\D/g, '');
  if (digits === '' || text.includes('*') || text.trimStart().startsWith('+')) return formatPhoneNumber(text);
  if (digits === HOME_COUNTRY_CODE[0]) return digits;
  return formatPhoneNumber(digits.startsWith(HOME_COUNTRY_CODE) ? digits : `${HOME_COUNTRY_CODE}${digits}`);
}

type Props = Omit<TextFieldProps, 'onChange' | 'value'> & { value: string; onChange(value: string): void };

export const PhoneNumberField = forwardRef<HTMLDivElement, Props>(function PhoneNumberField({ value, onChange, ...props }, ref) {
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const { value: typed, selectionStart } = e.target;
    const atEnd = selectionStart === null || selectionStart === typed.length;
    onChange(atEnd ? formatTypedPhoneNumber(typed) : typed);
  };
  // A stored number (digits only) is shown formatted; a text being edited is shown as typed.
  const shown = /^\d+$/.test(value) ? formatPhoneNumber(value) : value;
  const htmlInput = { inputMode: 'tel', ...(props.slotProps?.htmlInput as object | undefined) };
  return <TextField ref={ref} {...props} value={shown} onChange={change} slotProps={{ ...props.slotProps, htmlInput }} />;
});
