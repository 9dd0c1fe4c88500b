import {
  formatSek,
  type MemberBillingInput,
  type MemberDetail,
  memberBillingBodySchema,
  type UpdateMemberInput,
  updateMemberBodySchema,
} from '@fairway/shared';
import { Badge, Group, Paper, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCreditCard, IconHistory, IconIdBadge2, IconNote, IconTrophy, IconUser, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { brand } from '../../../app/brand';
import { EditPageFrame, isMissingRecord, useMissingRedirect } from '../../../components/form/edit-page-frame';
import { useCurrentUser } from '../../../lib/current-user';
import { notifySuccess } from '../../../lib/notify';
import { useTabParam } from '../../../lib/use-tab-param';
import { useMember } from '../api/get-member';
import { useSaveMemberBilling } from '../api/member-billing';
import { useSaveMember } from '../api/save-member';
import { MemberFamily } from '../components/member-family';
import { MemberForm, type MemberSection } from '../components/member-form';
import { MemberInvoices } from '../components/member-invoices';
import { MemberNotes } from '../components/member-notes';
import { MemberSupport } from '../components/member-support';
import { MEMBER_PATHS, MEMBER_TABS, type MemberTab } from '../lib/paths';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TAB_ICONS = {
  profile: IconUser,
  billing: IconCreditCard,
  membership: IconIdBadge2,
  sport: IconTrophy,
  notes: IconNote,
  support: IconHistory,
  family: IconUsersGroup,
} as const;
/** The member form's sections each editing tab shows. */
const TAB_SECTIONS: Partial<Record<MemberTab, MemberSection[]>> = {
  profile: ['identity', 'contact', 'address'],
  membership: ['membership'],
  sport: ['sport'],
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={500}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * /dashboard/golfrelated/members/detail/{uuid} (docs/members-and-fees.md#members): the member's header and the seven tabs
 * in `?tab=`. An unknown id (or another club account's, or not an id) goes to the 404 page.
 */
export default function MemberDetailPage() {
  const { t, i18n } = useTranslation(['members', 'shell']);
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const { uuid } = useParams();
  const user = useCurrentUser();
  const malformed = !uuid || !UUID.test(uuid);
  const query = useMember(malformed ? undefined : uuid);
  const member = query.data;
  const [tab, setTab] = useTabParam(MEMBER_TABS, 'profile');
  const canRead = user?.scopes.includes('members.read') ?? false;
  const canWrite = user?.scopes.includes('members.write') ?? false;
  const canReadInvoices = user?.scopes.includes('invoices.read') ?? false;
  const saveMember = useSaveMember();
  const saveBilling = useSaveMemberBilling(uuid ?? '');
  const name = member ? `${member.firstname} ${member.lastname}` : t('detail.title');
  useDocumentTitle(`${name} · ${brand.name}`);

  const missing = malformed || isMissingRecord(query.error);
  useMissingRedirect(missing);

  const saved = () => notifySuccess(t('detail.saved', { name }));

  const panel = (value: MemberTab, m: MemberDetail): ReactNode => {
    const sections = TAB_SECTIONS[value];
    if (sections) {
      return (
        <MemberForm
          key={m.updatedAt}
          sections={sections}
          member={m}
          schema={updateMemberBodySchema}
          readOnly={!canWrite}
          submitLabel={t('form.save')}
          onSubmit={(body) => saveMember.mutateAsync({ id: m.id, body: body as UpdateMemberInput })}
          onSaved={saved}
          extra={
            value === 'membership' ? (
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Fact label={t('fields.invoiceBalance.label')}>{formatSek(m.invoiceBalanceOre, lang)}</Fact>
                <Fact label={t('fields.source.label')}>{t(`sources.${m.source}`)}</Fact>
              </SimpleGrid>
            ) : null
          }
        />
      );
    }
    if (value === 'billing') {
      return (
        <Stack gap="lg">
          <MemberForm
            key={m.updatedAt}
            sections={['billing']}
            member={m}
            schema={memberBillingBodySchema}
            readOnly={!canWrite}
            submitLabel={t('form.save')}
            onSubmit={(body) => saveBilling.mutateAsync(body as MemberBillingInput)}
            onSaved={saved}
            extra={
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Fact label={t('fields.customerNumber.label')}>{m.customerNumber ?? '–'}</Fact>
                {/* With the invoices at hand the balance is shown over them, from the same answer. */}
                {canReadInvoices ? null : (
                  <Fact label={t('fields.invoiceBalance.label')}>{formatSek(m.invoiceBalanceOre, lang)}</Fact>
                )}
                <Fact label={t('fields.guardian.label')}>
                  {m.guardian ? `${m.guardian.firstname} ${m.guardian.lastname}` : t('fields.guardian.none')}
                </Fact>
              </SimpleGrid>
            }
          />
          {canReadInvoices ? <MemberInvoices member={m} /> : null}
        </Stack>
      );
    }
    if (value === 'notes') return <MemberNotes member={m} canWrite={canWrite} />;
    if (value === 'support') return <MemberSupport member={m} />;
    return <MemberFamily member={m} canWrite={canWrite} />;
  };

  let content: ReactNode | null = null;
  if (member) {
    content = (
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          {MEMBER_TABS.map((value) => {
            const TabIcon = TAB_ICONS[value];
            return (
              <Tabs.Tab key={value} value={value} leftSection={<TabIcon size={16} aria-hidden="true" />}>
                {t(`detail.tabs.${value}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {MEMBER_TABS.map((value) => (
          <Tabs.Panel key={value} value={value}>
            {value === tab ? (
              value === 'notes' || value === 'support' || value === 'family' ? (
                <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
                  {panel(value, member)}
                </Paper>
              ) : (
                panel(value, member)
              )
            ) : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    );
  }

  return (
    <EditPageFrame
      title={name}
      breadcrumbs={[
        { label: t('shell:nav.home'), to: '/dashboard' },
        { label: t('shell:nav.groups.golf') },
        { label: t('list.title'), to: MEMBER_PATHS.list },
        { label: name },
      ]}
      description={
        member ? (
          <Group gap="sm" component="span">
            <Text span fz="sm">
              {t('detail.golfId')}: {member.golfId ?? '–'}
            </Text>
            <Badge variant="light" color={member.active ? 'teal' : 'gray'} tt="none">
              {member.active ? t(`statuses.${member.status}`) : t('list.inactive')}
            </Badge>
          </Group>
        ) : null
      }
      denied={Boolean(user) && !canRead}
      missing={missing}
      failed={query.isError ? { title: t('detail.loadError'), error: query.error, onRetry: () => void query.refetch() } : null}
      retryLabel={t('detail.retry')}
      loadingText={t('detail.loading')}
    >
      {content}
    </EditPageFrame>
  );
}
