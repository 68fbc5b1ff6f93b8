import { describe, expect, test } from 'vitest';
import { firstInvoiceDate } from './first-invoice';

describe('firstInvoiceDate', () => {
  test('a due date in a later month: the 1st of that month', () => {
    expect(firstInvoiceDate('2031-07-20', '2031-05-03')).toEqual({ date: '2031-07-01', nextRun: false });
  });
  test('a due date this month or past: the job’s next run', () => {
    expect(firstInvoiceDate('2031-05-28', '2031-05-03')).toEqual({ date: '2031-05-03', nextRun: true });
    expect(firstInvoiceDate('2031-01-02', '2031-05-03')).toEqual({ date: '2031-05-03', nextRun: true });
  });
});
