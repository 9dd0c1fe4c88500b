import { Image, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDashboardScreenshots } from '../api/list-dashboard-screenshots';
import { LoadError } from './load-error';
import { useLang } from './use-lang';

/**
 * Pictures of the dashboard. Each has its width and height so the page keeps its place while they
 * load, and they load lazily: they are well below the fold.
 */
export function DashboardScreenshots() {
  const { t } = useTranslation('landing');
  const lang = useLang();
  const shots = useDashboardScreenshots(lang);
  if (shots.isPending)
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true">
        <Skeleton height={260} radius="md" />
        <Skeleton height={260} radius="md" />
      </SimpleGrid>
    );
  if (shots.isError) return <LoadError message={t('screenshots.loadError')} onRetry={() => void shots.refetch()} />;
  if (shots.data.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      {shots.data.map((shot) => (
        <Stack key={shot.id} component="figure" gap="xs" m={0}>
          <Image
            src={shot.src}
            width={shot.width}
            height={shot.height}
            alt={shot.alt}
            loading="lazy"
            decoding="async"
            radius="md"
            style={{
              aspectRatio: `${shot.width} / ${shot.height}`,
              height: 'auto',
              border: '1px solid var(--mantine-color-default-border)',
            }}
          />
          <Text component="figcaption" fz="sm" c="dimmed">
            {shot.caption}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
