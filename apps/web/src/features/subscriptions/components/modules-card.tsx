import type { Package } from '@fairway/shared';
import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useModules } from '../api/get-modules';
import { useMyModules } from '../api/get-my-modules';

/** The product's modules: those the package includes, and the package that brings each of the others. */
export function ModulesCard({ packages }: { packages: readonly Package[] }) {
  const { t } = useTranslation('subscriptions');
  const all = useModules();
  const mine = useMyModules();
  const included = new Set((mine.data ?? []).map((m) => m.id));
  const packageName = (id: string) => packages.find((p) => p.id === id)?.name ?? id;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="modules">
      <Stack gap="sm">
        <Title order={3} fz="h4">
          {t('modules.title')}
        </Title>
        {all.isPending || mine.isPending ? <Skeleton h={80} /> : null}
        {mine.isError ? (
          <Text fz="sm" c="red" role="alert">
            {t('modules.loadFailed')}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs">
          {(all.data ?? []).map((module) => {
            const has = included.has(module.id);
            return (
              <Group key={module.id} gap="xs" wrap="nowrap">
                <ThemeIcon size="sm" radius="xl" variant="light" color={has ? 'green' : 'gray'} aria-hidden="true">
                  {has ? <IconCheck size={14} /> : <IconLock size={14} />}
                </ThemeIcon>
                <Text fz="sm" c={has ? undefined : 'dimmed'}>
                  {t(`modules.names.${module.id}`, { defaultValue: module.name })}
                </Text>
                {has ? null : (
                  <Badge size="xs" variant="light" color="gray">
                    {t('modules.from', { package: packageName(module.includedFromPackageId) })}
                  </Badge>
                )}
              </Group>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
