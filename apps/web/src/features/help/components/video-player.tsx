import type { VideoGuide } from '@fairway/shared';
import { Anchor, Box, Grid, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './video-player.module.css';

/** 75 → "1:15"; guides are minutes long, never hours. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The chapter playing at `time`: the last one that has started. */
export function chapterAt(chapters: VideoGuide['chapters'], time: number): number {
  let current = 0;
  chapters.forEach((chapter, index) => {
    if (time >= chapter.start) current = index;
  });
  return current;
}

/**
 * The guide's film from the product's own /media/ files, with its chapters as a WebVTT chapters
 * track and its captions in the UI language, plus a chapter list that seeks: a native `<video
 * controls>` keeps keyboard and screen-reader support, and the list marks the chapter playing.
 */
export function VideoPlayer({ guide }: { guide: VideoGuide }) {
  const { t, i18n } = useTranslation('help');
  const video = useRef<HTMLVideoElement>(null);
  const [current, setCurrent] = useState(0);
  const chaptersId = `chapters-${guide.id}`;

  // A new guide (or language) starts from its first chapter.
  // biome-ignore lint/correctness/useExhaustiveDependencies: guide.id is the trigger, not a value the effect reads.
  useEffect(() => setCurrent(0), [guide.id]);

  // Browsers leave a non-default track disabled and never load it; "hidden" loads the chapter cues
  // so the player's own chapter menu (where there is one) and assistive tech can use them.
  useEffect(() => {
    const tracks = video.current?.textTracks;
    if (!tracks) return;
    for (const track of Array.from(tracks)) if (track.kind === 'chapters') track.mode = 'hidden';
  }, []);

  const seek = (start: number) => {
    const element = video.current;
    if (!element) return;
    element.currentTime = start;
    setCurrent(chapterAt(guide.chapters, start));
    // Autoplay may be refused (e.g. no user gesture reached the element); seeking still happened.
    element.play().catch(() => undefined);
  };

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Box className={classes.frame} style={{ aspectRatio: `${guide.poster.width} / ${guide.poster.height}` }}>
          {/* biome-ignore lint/a11y/useMediaCaption: the captions track is added below whenever the guide has captions. */}
          <video
            ref={video}
            className={classes.video}
            controls
            preload="metadata"
            poster={guide.poster.src}
            width={guide.poster.width}
            height={guide.poster.height}
            aria-label={guide.title}
            onTimeUpdate={(event) => setCurrent(chapterAt(guide.chapters, event.currentTarget.currentTime))}
          >
            <source src={guide.videoUrl} type={guide.videoType} />
            <track kind="chapters" src={guide.chaptersTrackUrl} srcLang={i18n.language} label={t('videos.chaptersTrack')} />
            {guide.captionsTrackUrl ? (
              <track
                kind="captions"
                src={guide.captionsTrackUrl}
                srcLang={i18n.language}
                label={t('videos.captionsTrack')}
                default
              />
            ) : null}
            <Text>
              {t('videos.noVideoSupport')} <Anchor href={guide.videoUrl}>{t('videos.download')}</Anchor>
            </Text>
          </video>
        </Box>
        <Text c="dimmed" mt="sm">
          {guide.description}
        </Text>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap={6} component="nav" aria-labelledby={chaptersId}>
          <Title order={3} fz="h5" id={chaptersId}>
            {t('videos.chapters')}
          </Title>
          <ol className={classes.chapters}>
            {guide.chapters.map((chapter, index) => {
              const playing = index === current;
              return (
                <li key={chapter.start}>
                  <UnstyledButton
                    className={classes.chapter}
                    data-active={playing || undefined}
                    aria-current={playing ? 'step' : undefined}
                    onClick={() => seek(chapter.start)}
                  >
                    <Text component="span" ff="monospace" size="sm" c="dimmed" className={classes.time}>
                      {formatDuration(chapter.start)}
                    </Text>
                    <Text component="span" size="sm" fw={playing ? 600 : 400}>
                      {chapter.title}
                    </Text>
                    {playing ? <VisuallyHidden>({t('videos.currentChapter')})</VisuallyHidden> : null}
                  </UnstyledButton>
                </li>
              );
            })}
          </ol>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
