import type { profileUpdateSchema, User } from '@shared/schemas/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { userQueryKey } from '@/lib/current-user';
import { profileQueryKey } from './get-profile';

export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

export const updateProfile = (body: ProfileUpdate) => api.put<User>('/api/user/profile', body);

/** On success refreshes the profile and the current user (the shell's name and avatar). */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: profileQueryKey }),
        qc.invalidateQueries({ queryKey: userQueryKey }),
      ]),
  });
}
