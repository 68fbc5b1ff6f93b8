import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { formatPhoneNumber, formatTypedPhoneNumber, PhoneNumberField } from './PhoneNumberField';

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <PhoneNumberField label="Número" value={value} onChange={setValue} />;
}

describe('PhoneNumberField', () => {
  test.each([
    ['5541998608485', '+55 41 99860 8485'],
    ['554133334444', '+55 41 3333 4444'],
    ['14155552671', '+1 415 555 2671'],
    ['351912345678', '+351 912 345 678'],
    ['+55 (41) 99860-8485', '+55 41 99860 8485'],
    ['*********85', '*********85'],
    ['', ''],
  ])('%j is shown as %j', (text, shown) => {
    expect(formatPhoneNumber(text)).toBe(shown);
  });

  test('formats a Brazilian number while it is typed, and a stored one at once', async () => {
    render(<Field />);
    const input = screen.getByLabelText('Número');
    await userEvent.type(input, '5541998608485');
    expect(input).toHaveValue('+55 41 99860 8485');
    await userEvent.type(input, '{Backspace}{Backspace}');
    expect(input).toHaveValue('+55 41 99860 84');
  });

  test.each([
    ['41998608485', '+55 41 99860 8485'],
    ['(41) 3333-4444', '+55 41 3333 4444'],
    ['5541998608485', '+55 41 99860 8485'],
    ['51', '+55 51'],
    ['5', '5'],
    ['+41 44 668 18 00', '+41 44 668 18 00'],
  ])('typed without a country code, %j is Brazilian: %j', (text, shown) => {
    expect(formatTypedPhoneNumber(text)).toBe(shown);
  });

  test('a Brazilian number typed without 55 stays Brazilian', async () => {
    render(<Field />);
    const input = screen.getByLabelText('Número');
    await userEvent.type(input, '41998608485');
    expect(input).toHaveValue('+55 41 99860 8485');
  });

  test('a stored number shows formatted', () => {
    render(<Field initial="14155552671" />);
    expect(screen.getByLabelText('Número')).toHaveValue('+1 415 555 2671');
  });
});
