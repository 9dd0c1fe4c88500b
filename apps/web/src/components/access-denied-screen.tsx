import { Anchor, Button, Collapse, CopyButton, Group, Paper, Stack, Text, Textarea, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconCopy, IconLock, IconMail } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { brand } from '../app/brand';
import { getStoredUser } from '../lib/storage';

export interface AccessDeniedScreenProps {
  /** The page the user was refused; defaults to the current address. */
  page?: string;
}

/**
 * "You are not permitted to access the page" (docs/permissions.md#access-denied). Permissions are handed out by the
 * organisation's owner, so "request access" prepares a message to them: copy it or open it in
 * the user's own e-mail program. Nothing is sent on the user's behalf.
 */
export function AccessDeniedScreen({ page }: AccessDeniedScreenProps) {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const [opened, { toggle }] = useDisclosure(false);
  const panelId = useId();
  const user = getStoredUser();
  const pageAddress = page ?? `${window.location.origin}${location.pathname}${location.search}`;

  const message = t('accessDenied.request.message', {
    name: user?.name ?? t('accessDenied.request.unknownUser'),
    email: user?.email ?? '',
    page: pageAddress,
    brand: brand.name,
    organisation: user?.organisation.name ?? brand.name,
  });
  const subject = t('accessDenied.request.subject', { brand: brand.name });
  const mailto = `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(message)}`;

  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} maw={640} mx="auto">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="red" aria-hidden="true">
          <IconLock size={30} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz="h3">
          {t('accessDenied.screenTitle')}
        </Title>
        <Text>{t('accessDenied.screenText')}</Text>
        <Text c="dimmed" fz="sm">
          {t('accessDenied.screenHelp')}
        </Text>
        <Group justify="center" gap="sm" mt="xs">
          <Button onClick={toggle} aria-expanded={opened} aria-controls={panelId}>
            {t('accessDenied.request.action')}
          </Button>
          <Button component={Link} to="/dashboard" variant="default">
            {t('accessDenied.backToDashboard')}
          </Button>
        </Group>
      </Stack>
      <Collapse in={opened}>
        <Stack id={panelId} gap="sm" mt="lg">
          <Text fz="sm">{t('accessDenied.request.explain')}</Text>
          <Textarea label={t('accessDenied.request.messageLabel')} value={message} readOnly autosize minRows={4} />
          <Group gap="sm">
            <CopyButton value={message}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
                  onClick={copy}
                >
                  {copied ? t('accessDenied.request.copied') : t('accessDenied.request.copy')}
                </Button>
              )}
            </CopyButton>
            <Anchor href={mailto} fz="sm">
              <Group gap={4} component="span" wrap="nowrap">
                <IconMail size={16} aria-hidden="true" />
                {t('accessDenied.request.openMail')}
              </Group>
            </Anchor>
          </Group>
        </Stack>
      </Collapse>
    </Paper>
  );
}
