import type { VideoGuide } from '@fairway/shared';
import { Alert, Badge, Button, Card, Group, Image, Modal, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconMessageQuestion, IconMovie, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { brand } from '../../../app/brand';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useVideoGuides } from '../api/list-video-guides';
import { formatDuration, VideoPlayer } from '../components/video-player';

function GuideCard({ guide, onOpen }: { guide: VideoGuide; onOpen: () => void }) {
  const { t } = useTranslation('help');
  const headingId = `guide-${guide.id}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Card.Section>
        <Image
          src={guide.poster.src}
          width={guide.poster.width}
          height={guide.poster.height}
          alt=""
          style={{ aspectRatio: `${guide.poster.width} / ${guide.poster.height}`, height: 'auto' }}
          loading="lazy"
        />
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Title order={2} fz="h4" id={headingId}>
          {guide.title}
        </Title>
        <Group gap="xs">
          <Badge variant="light" color="gray">
            {t('videos.duration', { time: formatDuration(guide.durationSeconds) })}
          </Badge>
          <Badge variant="light" color="gray">
            {t('videos.chapterCount', { count: guide.chapters.length })}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {guide.description}
        </Text>
        <Button
          onClick={onOpen}
          leftSection={<IconPlayerPlay size={18} aria-hidden="true" />}
          aria-label={t('videos.watchTitle', { title: guide.title })}
          mt="xs"
        >
          {t('videos.watch')}
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * /dashboard/help/video-guides: the guides with poster, length and chapters; a guide plays in a
 * dialog (`?guide=<slug>`, so a link opens it and Back closes it) with its chapter list beside it.
 * Content follows the UI language.
 */
export default function VideoGuidesPage() {
  const { t } = useTranslation(['help', 'shell']);
  useDocumentTitle(`${t('videos.title')} · ${brand.name}`);
  const guides = useVideoGuides();
  const [params, setParams] = useSearchParams();
  const slug = params.get('guide');
  const open = slug ? guides.data?.find((g) => g.slug === slug) : undefined;
  const phone = useMediaQuery('(max-width: 48em)');

  const select = (next: string | null) =>
    setParams(
      (previous) => {
        const copy = new URLSearchParams(previous);
        if (next) copy.set('guide', next);
        else copy.delete('guide');
        return copy;
      },
      { preventScrollReset: true },
    );

  let body: React.ReactNode;
  if (guides.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label={t('videos.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={320} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (guides.isError) {
    body = (
      <Alert color="red" icon={<IconAlertTriangle aria-hidden="true" />} title={t('videos.errorTitle')} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('videos.errorText')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void guides.refetch()}>
            {t('videos.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (guides.data.length === 0) {
    body = (
      <EmptyState
        title={t('videos.emptyTitle')}
        icon={<IconMovie size={30} stroke={1.6} />}
        action={
          <Button component={Link} to="/dashboard/help/faq" leftSection={<IconMessageQuestion size={18} aria-hidden="true" />}>
            {t('videos.toFaq')}
          </Button>
        }
      >
        {t('videos.emptyText')}
      </EmptyState>
    );
  } else {
    body = (
      <>
        {slug && !open ? (
          <Alert color="yellow" title={t('videos.notFoundTitle')} mb="md" role="status">
            {t('videos.notFoundText')}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {guides.data.map((guide) => (
            <GuideCard key={guide.id} guide={guide} onOpen={() => select(guide.slug)} />
          ))}
        </SimpleGrid>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={t('videos.title')}
        description={t('videos.description')}
        breadcrumbs={[
          { label: t('shell:nav.home'), to: '/dashboard' },
          { label: t('shell:nav.groups.help') },
          { label: t('videos.title') },
        ]}
      />
      {body}
      <Modal
        opened={Boolean(open)}
        onClose={() => select(null)}
        title={open?.title}
        size="80rem"
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': t('videos.close') }}
        // The film stops when the dialog closes: it is unmounted rather than hidden.
        keepMounted={false}
      >
        {open ? <VideoPlayer key={open.id} guide={open} /> : null}
      </Modal>
    </>
  );
}
