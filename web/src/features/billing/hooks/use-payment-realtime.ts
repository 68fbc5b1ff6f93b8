import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../app/providers/AuthProvider';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { invoiceKeys } from './use-invoices';

/** Spec 2 §9: after a completed payment the screen returns to / after 4 seconds. */
export const RETURN_HOME_AFTER_MS = 4000;

/**
 * company-{id}-payment (action CONCLUIDA): the session learns the new due date at once, so the menu and
 * every page come back without a new login; the renewal message shows and / follows after 4 s.
 * Returns the renewal text while it is showing (the checkout's payment step displays it too).
 */
export function usePaymentRealtime(): string | null {
  const { t } = useTranslation();
  const { user, updateUser } = useAuth();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [renewed, setRenewed] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useCompanyEvent('payment', (e) => {
    if (e.action !== 'CONCLUIDA' || !user) return;
    updateUser({ dueDate: e.company.dueDate, company: { ...user.company, dueDate: e.company.dueDate } });
    void qc.invalidateQueries({ queryKey: invoiceKeys.all });
    const text = t('billing.renewed', { date: formatDate(e.company.dueDate) });
    setRenewed(text);
    notify(text, 'success', RETURN_HOME_AFTER_MS);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate('/'), RETURN_HOME_AFTER_MS);
  });
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return renewed;
}
