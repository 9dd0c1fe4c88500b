import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { brand } from '../../../app/brand';
import { INTEGRATIONS_PATH } from '../../../app/route-table';

/**
 * /fortnox: the public page Fortnox sends the user back to after they approve (or refuse) the
 * connection (spec §2: "one public page for an accounting-program connection").
 */
export default function FortnoxConnectionPage() {
  const { t } = useTranslation('integrations');
  const [params] = useSearchParams();
  useDocumentTitle(`${t('fortnox.title')} · ${brand.name}`);
  const refused = params.has('error');
  return (
    <Stack gap="lg" maw={680}>
      <Title order={1}>{t('fortnox.title')}</Title>
      {refused ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={20} aria-hidden="true" />}
          title={t('fortnox.refusedTitle')}
        >
          {t('fortnox.refusedText')}
        </Alert>
      ) : null}
      <Text>{t('fortnox.text', { brand: brand.name })}</Text>
      <Text c="dimmed">{t('fortnox.howTo')}</Text>
      <Group gap="sm">
        <Button component={Link} to={INTEGRATIONS_PATH}>
          {t('fortnox.toIntegrations')}
        </Button>
        <Button component={Link} to="/" variant="default">
          {t('fortnox.toHome')}
        </Button>
      </Group>
    </Stack>
  );
}
