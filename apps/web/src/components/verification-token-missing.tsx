import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconKeyOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface VerificationTokenMissingProps {
  /** `reset`: a password-reset link; `invitation`: an invited user's link to complete the profile. */
  kind?: 'reset' | 'invitation';
}

/** Shown by /reset-password and /complete-profile when the link has no token (docs/web-app.md#notices). */
export function VerificationTokenMissing({ kind = 'reset' }: VerificationTokenMissingProps) {
  const { t } = useTranslation('shell');
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} maw={520} mx="auto">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange" aria-hidden="true">
          <IconKeyOff size={30} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz="h3">
          {t('verificationTokenMissing.title')}
        </Title>
        <Text c="dimmed">{t(`verificationTokenMissing.text.${kind}`)}</Text>
        <Group justify="center" gap="sm" mt="xs">
          {kind === 'reset' ? (
            <Button component={Link} to="/forgot-password">
              {t('verificationTokenMissing.requestNewLink')}
            </Button>
          ) : null}
          <Button component={Link} to="/login" variant={kind === 'reset' ? 'default' : 'filled'}>
            {t('verificationTokenMissing.toLogin')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
