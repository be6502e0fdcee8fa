import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordInput,
  OwnPreferences,
  OwnProfileUpdateInput,
} from '@homeminder/shared/contracts/admin';
import { api } from '../../lib/http';
import { imageDataUrl, imageForm } from '../../lib/profile-image';
import { useSession } from '../../lib/session-store';
import { queryKey, useSessionTenant } from '../../lib/query-keys';

function useProfileKey() {
  const user = useSession((state) => state.userID);
  return queryKey(useSessionTenant(), 'own-profile', user);
}

export function useOwnProfile() {
  const key = useProfileKey();
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get('/id/profile', { signal }),
  });
}

export function useUpdateOwnProfile() {
  const key = useProfileKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OwnProfileUpdateInput) => api.put('/id/profile', { body: input }),
    onSuccess: async (profile) => {
      client.setQueryData(key, profile);
      // The header shows the name from who-am-i.
      await useSession.getState().loadIdentity();
    },
  });
}

export function useUpdateOwnPreferences() {
  const key = useProfileKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OwnPreferences) => api.put('/id/preferences', { body: input }),
    onSuccess: (profile) => client.setQueryData(key, profile),
  });
}

export function useChangePassword() {
  const key = useProfileKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post('/id/password', { body: input }),
    // The page says when the password was last changed.
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** Uploads the own picture; the header shows it at once. */
export function useUploadOwnImage() {
  return useMutation({
    mutationFn: (file: File) => api.put('/id/profile/image', { body: imageForm(file) }),
    onSuccess: (image) =>
      useSession.setState({ userProfileImage: imageDataUrl(image), userProfileImageError: null }),
  });
}
