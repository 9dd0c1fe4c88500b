import { Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { brand } from '../../../app/brand';
import { HelpHint } from '../../../components/help-hint';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { useMemberById } from '../api/search-members';
import { BoughtHours } from '../components/bought-hours';
import { BuyHoursForm } from '../components/buy-hours-form';
import { memberLabel } from '../components/member-picker';
import { TicketForm } from '../components/ticket-form';
import { TicketsList } from '../components/tickets-list';

/** `?member=<uuid>`: the member page's "open a ticket about this member" lands here. */
function useInitialMember() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('member');
  const id = raw && /^[0-9a-f-]{36}$/i.test(raw) ? raw : null;
  const member = useMemberById(id);
  if (!id) return { loading: false, member: null };
  if (member.isPending) return { loading: true, member: null };
  return { loading: false, member: member.data ? { id: member.data.id, label: memberLabel(member.data) } : null };
}

/**
 * /dashboard/help/support: open a ticket to our support (optionally about a member), see the
 * organisation's tickets, and buy personal support hours for the next billing.
 */
export default function SupportPage() {
  const { t } = useTranslation(['support', 'shell']);
  const user = useCurrentUser();
  useDocumentTitle(`${t('page.title')} · ${brand.name}`);
  const initial = useInitialMember();
  const canPickMember = user?.scopes.includes('members.read') ?? false;
  const canBuy = user?.scopes.includes('subscription.manage') ?? false;
  const canSeeBilling = user?.scopes.includes('billing.read') ?? false;

  return (
    <>
      <PageHeader
        title={t('page.title')}
        breadcrumbs={[
          { label: t('shell:nav.home'), to: '/dashboard' },
          { label: t('shell:nav.groups.help') },
          { label: t('page.title') },
        ]}
        description={t('page.description')}
      />
      <Grid gutter="lg" className="support-page">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <Paper
              withBorder
              radius="md"
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              aria-labelledby="support-ticket-heading"
            >
              <Stack gap="md">
                <div>
                  <Title order={2} fz="h3" id="support-ticket-heading">
                    {t('ticket.title')}
                  </Title>
                  <Text c="dimmed" fz="sm">
                    {t('ticket.intro')}
                  </Text>
                </div>
                {initial.loading ? (
                  <Skeleton h={280} radius="md" aria-busy="true" />
                ) : (
                  <TicketForm key={initial.member?.id ?? 'none'} initialMember={initial.member} canPickMember={canPickMember} />
                )}
              </Stack>
            </Paper>
            <section aria-labelledby="support-tickets-heading">
              <Stack gap="sm">
                <Title order={2} fz="h3" id="support-tickets-heading">
                  {t('list.title')}
                </Title>
                <TicketsList />
              </Stack>
            </section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="support-hours-heading">
            <Stack gap="md">
              <div>
                <Group gap={6} wrap="nowrap">
                  <Title order={2} fz="h3" id="support-hours-heading">
                    {t('hours.title')}
                  </Title>
                  <HelpHint helpKey="support.buyHours" topic={t('hours.title')} />
                </Group>
                <Text c="dimmed" fz="sm">
                  {t('hours.intro')}
                </Text>
              </div>
              <BuyHoursForm canBuy={canBuy} />
              {canSeeBilling ? <BoughtHours /> : null}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
