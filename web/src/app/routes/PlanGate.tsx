import type { PlanSwitch } from '@chatflow/contract';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import { useAuth } from '../providers/AuthProvider';

/**
 * A page behind a plan switch: without it the user is told "Esta empresa não possui permissão…" and
 * sent to / after 1 second (spec 1 §8).
 */
export function PlanGate({ feature, children }: { feature: PlanSwitch; children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const allowed = !!user && !!user.company.plan?.[feature];
  useEffect(() => {
    if (allowed) return;
    notify(t('planGate.noPermission'), 'error', 2000);
    const timer = setTimeout(() => navigate('/'), 1000);
    return () => clearTimeout(timer);
  }, [allowed, navigate, t]);
  return allowed ? children : null;
}
