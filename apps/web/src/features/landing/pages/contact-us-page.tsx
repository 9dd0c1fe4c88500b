import { CONTACT_REPLY_HOURS } from '@fairway/shared/support/terms';
import { Grid, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBellRinging, IconClockHour4, IconHeadset, IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { brand } from '../../../app/brand';
import { usePageMeta } from '../../../lib/use-page-meta';
import { LazyContactForm, LazyNotificationSignupForm } from '../components/lazy-forms';

/** /contact-us: the contact form with the 48-hour promise, what to expect, and the launch signup. */
export default function ContactUsPage() {
  const { t } = useTranslation('support');
  const lead = t('contactPage.lead', { brand: brand.name, hours: CONTACT_REPLY_HOURS });
  usePageMeta({ title: `${t('contactPage.title')} · ${brand.name}`, description: lead });
  return (
    <Stack gap="xl">
      <Stack gap="xs" maw={760}>
        <Title order={1}>{t('contactPage.title')}</Title>
        <Text fz="lg">{lead}</Text>
      </Stack>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="contact-form-heading">
            <Stack gap="md">
              <Title order={2} fz="h3" id="contact-form-heading">
                {t('contactPage.formTitle')}
              </Title>
              <LazyContactForm headingOrder={3} />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Paper withBorder radius="md" p="lg" component="aside" aria-labelledby="contact-expect-heading">
              <Stack gap="sm">
                <Title order={2} fz="h4" id="contact-expect-heading">
                  {t('contactPage.expectTitle')}
                </Title>
                <List spacing="sm" center>
                  <List.Item
                    icon={
                      <ThemeIcon variant="light" radius="xl" size={28} aria-hidden="true">
                        <IconClockHour4 size={16} />
                      </ThemeIcon>
                    }
                  >
                    {t('contactPage.expectReply', { hours: CONTACT_REPLY_HOURS })}
                  </List.Item>
                  <List.Item
                    icon={
                      <ThemeIcon variant="light" radius="xl" size={28} aria-hidden="true">
                        <IconMessages size={16} />
                      </ThemeIcon>
                    }
                  >
                    {t('contactPage.expectDemo', { brand: brand.name })}
                  </List.Item>
                  <List.Item
                    icon={
                      <ThemeIcon variant="light" radius="xl" size={28} aria-hidden="true">
                        <IconHeadset size={16} />
                      </ThemeIcon>
                    }
                  >
                    {t('contactPage.expectCustomers')}
                  </List.Item>
                </List>
              </Stack>
            </Paper>
            <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="contact-signup-heading">
              <Stack gap="sm">
                <Title order={2} fz="h4" id="contact-signup-heading">
                  <IconBellRinging size={18} aria-hidden="true" style={{ verticalAlign: '-3px', marginRight: 6 }} />
                  {t('signup.title')}
                </Title>
                <LazyNotificationSignupForm layout="stacked" />
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
