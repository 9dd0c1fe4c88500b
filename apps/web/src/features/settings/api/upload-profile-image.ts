import type { CurrentUser } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setStoredUser } from '../../../lib/storage';

const CURRENT_USER_KEY = ['users', 'me'] as const;

/** PUT users/image (multipart field `image`): answers the signed-in user with the new image URL. */
export async function uploadProfileImage(file: File): Promise<CurrentUser> {
  const form = new FormData();
  form.append('image', file);
  return await api.upload<CurrentUser>('users/image', form, { method: 'PUT', silent: true });
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: (user) => {
      // The answer is the current user: the header avatar changes without another round trip.
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      setStoredUser(user);
    },
  });
}
