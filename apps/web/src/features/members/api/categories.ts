import type { MemberCategory, MemberCategoryInput, PlayerCategory, PlayerCategoryInput } from '@fairway/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { membersKey } from './members-key';

export type CategoryKind = 'membercategories' | 'playercategories';
type CategoryOf<K extends CategoryKind> = K extends 'membercategories' ? MemberCategory : PlayerCategory;
type InputOf<K extends CategoryKind> = K extends 'membercategories' ? MemberCategoryInput : PlayerCategoryInput;

/** GET membercategories / playercategories: every category with its member count. */
export function useCategories<K extends CategoryKind>(kind: K, enabled = true) {
  return useQuery({
    queryKey: [...membersKey, kind],
    queryFn: async ({ signal }) => await api.get<CategoryOf<K>[]>(kind, { signal }),
    staleTime: 30_000,
    enabled,
  });
}

/** Create (no id), change or delete a category. Saves are silent: the modal shows field errors. */
export function useCategoryMutations<K extends CategoryKind>(kind: K) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: membersKey });
  const save = useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: InputOf<K> }) =>
      id
        ? await api.put<CategoryOf<K>>(`${kind}/${encodeURIComponent(id)}`, body, { silent: true })
        : await api.post<CategoryOf<K>>(kind, body, { silent: true }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async (id: string) => await api.delete(`${kind}/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
  return { save, remove };
}
