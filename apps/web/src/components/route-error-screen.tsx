import { Button, Center, Code, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { hideSplash } from '../app/splash';
import { isChunkLoadError } from '../lib/lazy-route';

/**
 * The screen for a route that failed to load or render. A missing script (timeout after 120 s,
 * `CHUNK_LOAD_TIMEOUT_MS`, or a new deployment) is fixed by reloading, so that is the first action offered.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { t } = useTranslation('shell');
  useEffect(hideSplash, []);

  const chunk = isChunkLoadError(error);
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  if (!chunk) console.error(error);

  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" ta="center" gap="sm" maw={520}>
        <ThemeIcon size={64} radius="xl" variant="light" color={chunk ? 'orange' : 'red'} aria-hidden="true">
          <IconPlugConnectedX size={34} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          {chunk ? t('routeError.chunkTitle') : t('routeError.title')}
        </Title>
        <Text c="dimmed">{chunk ? t('routeError.chunkText') : t('routeError.text')}</Text>
        {status ? <Code>{status}</Code> : null}
        <Group justify="center" mt="sm">
          <Button leftSection={<IconRefresh size={18} aria-hidden="true" />} onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </Button>
          <Button component="a" href="/" variant="default">
            {t('routeError.home')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
