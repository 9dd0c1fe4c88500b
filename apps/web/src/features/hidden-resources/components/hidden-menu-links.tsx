import { Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { visibleNavGroups } from '../../../app/navigation';
import { notifySuccess } from '../../../lib/notify';
import { useHiddenResources } from '../api/get-hidden-resources';
import { useUpdateHiddenResources } from '../api/update-hidden-resources';

/** The id under which a sidebar link is hidden. */
export const navResourceId = (linkId: string) => `nav:${linkId}`;

/**
 * Switches for each sidebar page the user may open (with the organisation's `modules`, when
 * known): switched off, the page leaves their menu.
 */
export function HiddenMenuLinks({ scopes, modules }: { scopes: readonly string[]; modules?: readonly string[] }) {
  const { t } = useTranslation(['settings', 'shell']);
  const hidden = useHiddenResources();
  const update = useUpdateHiddenResources();
  const groups = visibleNavGroups(scopes, { modules });

  const toggle = (linkId: string, show: boolean) => {
    const id = navResourceId(linkId);
    const next = show ? hidden.filter((h) => h !== id) : [...hidden.filter((h) => h !== id), id];
    update.mutate(next, { onSuccess: () => notifySuccess(t('settings:menu.saved')) });
  };

  return (
    <Stack gap="lg">
      {groups.map((group) => (
        <div key={group.id}>
          <Text fw={600} fz="sm" mb="xs">
            {t(`shell:nav.groups.${group.id}`)}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
            {group.links.map((link) => {
              const LinkIcon = link.icon;
              const label = t(`shell:nav.links.${link.id}`);
              return (
                <Switch
                  key={link.id}
                  checked={!hidden.includes(navResourceId(link.id))}
                  onChange={(event) => toggle(link.id, event.currentTarget.checked)}
                  disabled={update.isPending}
                  label={
                    <Group gap={6} wrap="nowrap" component="span">
                      <LinkIcon size={16} aria-hidden="true" />
                      {label}
                    </Group>
                  }
                  aria-label={t('settings:menu.show', { page: label })}
                />
              );
            })}
          </SimpleGrid>
        </div>
      ))}
    </Stack>
  );
}
