import { Anchor, Box, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HelpHint } from './help-hint';

export interface Crumb {
  label: string;
  /** Omitted for the current page and for groups that have no page of their own. */
  to?: string;
}

export interface PageHeaderProps {
  title: ReactNode;
  breadcrumbs?: Crumb[];
  description?: ReactNode;
  actions?: ReactNode;
  /** The key of the page's contextual help text; a "?" beside the title opens it (none without a text). */
  helpKey?: string;
}

export function PageHeader({ title, breadcrumbs, description, actions, helpKey }: PageHeaderProps) {
  const { t } = useTranslation('shell');
  return (
    <Stack gap={6} mb="lg">
      {breadcrumbs && breadcrumbs.length > 0 ? (
        <Box component="nav" aria-label={t('breadcrumbs')}>
          <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
            {breadcrumbs.map((crumb, index) => {
              const last = index === breadcrumbs.length - 1;
              if (crumb.to && !last) {
                return (
                  <Anchor key={`${crumb.to ?? ''}|${crumb.label}`} component={Link} to={crumb.to} fz="sm">
                    {crumb.label}
                  </Anchor>
                );
              }
              return (
                <Text key={`${crumb.to ?? ''}|${crumb.label}`} fz="sm" c="dimmed" aria-current={last ? 'page' : undefined}>
                  {crumb.label}
                </Text>
              );
            })}
          </Breadcrumbs>
        </Box>
      ) : null}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap={6} wrap="nowrap" align="center">
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            {title}
          </Title>
          {helpKey ? <HelpHint helpKey={helpKey} topic={typeof title === 'string' ? title : helpKey} /> : null}
        </Group>
        {actions}
      </Group>
      {/* Text is a <p>: a description made of blocks (badges in a group) goes in a <div>. */}
      {description ? (
        <Text c="dimmed" component={typeof description === 'string' ? 'p' : 'div'}>
          {description}
        </Text>
      ) : null}
    </Stack>
  );
}
