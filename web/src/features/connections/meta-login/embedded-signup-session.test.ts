import { describe, expect, test } from 'vitest';
import { readSessionInfo } from './embedded-signup-session';

const message = (data: unknown, origin = 'https://www.facebook.com') =>
  new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data), origin });

describe("Embedded Signup's session info", () => {
  test('FINISH from Meta names the phone number and business account', () => {
    const info = readSessionInfo(
      message({ type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', data: { phone_number_id: '106', waba_id: '102' } }),
    );
    expect(info).toEqual({ event: 'FINISH', phoneNumberId: '106', wabaId: '102' });
    const web = message(
      { type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', data: { phone_number_id: '1', waba_id: '2' } },
      'https://web.facebook.com',
    );
    expect(readSessionInfo(web)?.event).toBe('FINISH');
  });

  test('the same message from any other origin, another type or not JSON counts for nothing', () => {
    const finish = { type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', data: { phone_number_id: '1', waba_id: '2' } };
    expect(readSessionInfo(message(finish, 'https://evil.example'))).toBeNull();
    expect(readSessionInfo(message(finish, 'https://facebook.com.evil.example'))).toBeNull();
    expect(readSessionInfo(message({ type: 'OTHER', event: 'FINISH' }))).toBeNull();
    expect(readSessionInfo(message('not json'))).toBeNull();
  });

  test('CANCEL says where the person left; a FINISH without a number (only a business account) is not a Cloud API number', () => {
    expect(readSessionInfo(message({ type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL', data: { current_step: 'PHONE_NUMBER_SETUP' } }))).toEqual(
      {
        event: 'CANCEL',
        step: 'PHONE_NUMBER_SETUP',
      },
    );
    expect(readSessionInfo(message({ type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH_ONLY_WABA', data: { waba_id: '2' } }))?.event).toBe(
      'ERROR',
    );
  });
});
