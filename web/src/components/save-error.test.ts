import { describe, expect, test, vi } from 'vitest';
import '../i18n';
import { ApiError } from '../lib/api';
import { notify } from '../lib/notify';
import { reportSaveError } from './save-error';

vi.mock('../lib/notify', () => ({ notify: vi.fn() }));

describe('reportSaveError', () => {
  test('a company name in use shows the screen’s long company message (spec 2 §8), not the short code text', () => {
    reportSaveError(new ApiError(409, 'ERR_COMPANY_NAME_ALREADY_EXISTS'), vi.fn(), 'companies.toasts.saveError');
    expect(notify).toHaveBeenCalledWith(
      'Não foi possível realizar a operação. Verifique se já existe uma empresa com o mesmo nome ou se os campos foram preenchidos corretamente',
      'error',
      2000,
    );
  });
});
