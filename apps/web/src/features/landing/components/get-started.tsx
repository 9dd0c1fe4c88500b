import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brand } from '../../../app/brand';

/** The way in, at the foot of the marketing pages. */
export function GetStarted() {
  const { t } = useTranslation('landing');
  return (
    <Container size="lg" component="section" py={{ base: 32, sm: 48 }} aria-labelledby="get-started">
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="sm">
          <Title order={2} id="get-started" fz="h3">
            {t('cta.title', { brand: brand.name })}
          </Title>
          <Text c="dimmed">{t('cta.text')}</Text>
          <Group gap="sm">
            <Button component={Link} to="/register">
              {t('cta.register')}
            </Button>
            <Button component={Link} to="/login" variant="default">
              {t('cta.login')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
