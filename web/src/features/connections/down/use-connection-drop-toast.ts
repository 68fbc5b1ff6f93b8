import { useTranslation } from 'react-i18next';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { notify } from '../../../lib/notify';

/**
 * company-{id}-connectionDown (sent to the admins' room when a working connection drops by itself):
 * a toast naming the connection and why, so an admin hears of it on any screen.
 */
export function useConnectionDropToast() {
  const { t } = useTranslation();
  useCompanyEvent('connectionDown', (e) => {
    const reason = e.reason ? t(`connectionDown.reasons.${e.reason}.title`) : t('connectionDown.unknown');
    notify(t('connectionDown.toast', { name: e.name, reason }), 'warning', 8000);
  });
}
