import { describe, expect, test } from 'vitest';
import '../../i18n';
import { ApiError } from '../../lib/api';
import { signupFailureText } from './signup-failure';

describe('the signup failure toast', () => {
  test('an e-mail already in use gets the generic text of the spec', () => {
    expect(signupFailureText(new ApiError(409, 'ERR_EMAIL_ALREADY_EXISTS'))).toBe('Erro ao criar usuário. Verifique os dados informados.');
    expect(signupFailureText(new Error('network'))).toBe('Erro ao criar usuário. Verifique os dados informados.');
  });

  test('a company name in use gets the long company message', () => {
    expect(signupFailureText(new ApiError(409, 'ERR_COMPANY_NAME_ALREADY_EXISTS'))).toBe(
      'Não foi possível realizar a operação. Verifique se já existe uma empresa com o mesmo nome ou se os campos foram preenchidos corretamente',
    );
  });
});
