import type { UserCreateInput, UserUpdateInput, UserView } from '@chatflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../app/providers/AuthProvider';
import { api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { removeUser, upsertUser } from './users-cache';

export interface SaveUserArgs {
  id: number | null;
  payload: UserCreateInput | UserUpdateInput;
  /** A picture chosen in the modal, sent once the user is saved (a new user has no id before). */
  image?: File | null;
}

/** POST /users/:id/media-upload (spec 2 §7): the answer carries the stored picture's url. */
export async function uploadProfileImage(userId: number, file: File): Promise<string | null> {
  const form = new FormData();
  form.append('userId', String(userId));
  form.append('typeArch', 'user');
  form.append('profileImage', file);
  const res = await api.post<{ user: { profileImage: string | null } }>(`/users/${userId}/media-upload`, form);
  return res.user.profileImage;
}

/**
 * Creates or edits a user, then sends the picture. The cache is updated from the answer at once (the
 * realtime event that follows finds the row already there), and editing oneself refreshes the session.
 */
export function useSaveUser() {
  const qc = useQueryClient();
  const { user: me, updateUser } = useAuth();
  return useMutation({
    mutationFn: async ({ id, payload, image }: SaveUserArgs) => {
      const saved = id === null ? await api.post<UserView>('/users', payload) : await api.put<UserView>(`/users/${id}`, payload);
      if (!image) return saved;
      try {
        return { ...saved, profileImage: await uploadProfileImage(saved.id, image) };
      } catch (err) {
        toastError(err); // the user is saved; only the picture failed (type or size), so say that alone
        return saved;
      }
    },
    onSuccess: (saved) => {
      upsertUser(qc, saved);
      if (me && saved.id === me.id) updateUser(saved);
    },
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/users/${id}`),
    onSuccess: (_, id) => removeUser(qc, id),
  });
}
