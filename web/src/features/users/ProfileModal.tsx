import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/providers/AuthProvider';
import UserModal from './UserModal';

/**
 * The user menu's "Perfil" (spec 1 §2.4): the user modal on the signed-in user. A profile user sees
 * only the fields they may change; saving refreshes the session (useSaveUser calls updateUser).
 */
export default function ProfileModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  return <UserModal open={open} onClose={onClose} userId={user.id} title={t('users.modal.titleProfile')} />;
}
