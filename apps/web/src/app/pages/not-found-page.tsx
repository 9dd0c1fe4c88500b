import { Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasSession } from '../../lib/storage';
import { brand } from '../brand';

/** /error-404: every unknown path ends here (docs/web-app.md#routes). */
export default function NotFoundPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(`${t('notFound.title')} · ${brand.name}`);
  const home = hasSession() ? '/dashboard' : '/';
  return (
    <Stack align="center" ta="center" gap="md" py={{ base: 'xl', sm: 80 }}>
      <Text
        aria-hidden="true"
        fw={800}
        fz={{ base: 72, sm: 112 }}
        lh={1}
        c="var(--mantine-primary-color-light-color)"
        style={{ letterSpacing: '-0.04em' }}
      >
        404
      </Text>
      <Title order={1}>{t('notFound.title')}</Title>
      <Text c="dimmed" fz="lg">
        {t('notFound.text')}
      </Text>
      <Button component={Link} to={home} size="md" mt="sm">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
