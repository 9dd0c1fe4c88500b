import type { ConfigurationEntry, ConfigurationGroup, Configurations, ConfigurationValues } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { configurationsQueryKey } from './get-configurations';

/** PUT configurations/{group}: replaces the group's values for the club account in use. */
export async function saveConfiguration<G extends ConfigurationGroup>(
  group: G,
  values: ConfigurationValues[G],
): Promise<ConfigurationEntry<G>> {
  // Silent: the form puts field messages on its inputs and shows the rest itself.
  return await api.put<ConfigurationEntry<G>>(`configurations/${group}`, values, { silent: true });
}

export function useSaveConfiguration<G extends ConfigurationGroup>(group: G, clubAccountId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ConfigurationValues[G]) => saveConfiguration(group, values),
    onSuccess: (entry) => {
      queryClient.setQueryData<Configurations>(configurationsQueryKey(clubAccountId), (previous) =>
        previous ? { ...previous, groups: { ...previous.groups, [group]: entry } } : previous,
      );
    },
  });
}
