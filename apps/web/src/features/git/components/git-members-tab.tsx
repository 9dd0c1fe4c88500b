import type { GitMemberRow } from '@fairway/shared';
import { Anchor, Badge, Select, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ListParamsConfig, useListParams } from '../../../components/list/use-list-params';
import { useGitMembers } from '../api/list-git-members';
import { GitList } from './git-list';

/** A member's page in the members feature (features/members/lib/paths.ts); features do not import each other. */
const memberPath = (id: string) => `/dashboard/golfrelated/members/detail/${encodeURIComponent(id)}`;

const FILTERS = { active: ['all', 'true', 'false'] } as const;
const LIST: ListParamsConfig<never, typeof FILTERS> = { sorts: [], filters: FILTERS };

/** GIT's members as the portal last read them: search by name or golf ID, active filter, pages. */
export function GitMembersTab() {
  const { t } = useTranslation('git');
  const params = useListParams(LIST);
  const { page, pageSize, search, active } = params.query;
  const query = useGitMembers({ page, pageSize, search, active: active === 'all' ? undefined : active });
  const none = (
    <Text span c="dimmed" fz="sm">
      –
    </Text>
  );
  return (
    <GitList<GitMemberRow>
      params={params}
      query={query}
      searchLabel={t('members.search')}
      filters={
        <Select
          label={t('members.active.label')}
          value={active}
          onChange={(value) => value && params.setFilter('active', value as (typeof FILTERS.active)[number])}
          data={FILTERS.active.map((value) => ({ value, label: t(`members.active.${value}`) }))}
          allowDeselect={false}
          w={{ base: '100%', xs: 140 }}
          comboboxProps={{ withinPortal: true }}
        />
      }
      emptyTitle={t('members.emptyTitle')}
      emptyText={t('members.emptyText')}
      emptyIcon={IconUsers}
      label={t('members.table')}
      columns={[
        { accessor: 'golfId', title: t('members.columns.golfId'), noWrap: true },
        {
          accessor: 'name',
          title: t('members.columns.name'),
          // The same person in Medlemmar (one register, linked by golf ID).
          render: (m) =>
            m.memberId ? (
              <Anchor component={Link} to={memberPath(m.memberId)} fz="sm">
                {`${m.lastName}, ${m.firstName}`}
              </Anchor>
            ) : (
              `${m.lastName}, ${m.firstName}`
            ),
        },
        { accessor: 'categoryName', title: t('members.columns.category'), render: (m) => m.categoryName || m.categoryCode },
        {
          accessor: 'email',
          title: t('members.columns.email'),
          visibleMediaQuery: '(min-width: 62em)',
          render: (m) => m.email ?? none,
        },
        {
          accessor: 'familyRole',
          title: t('members.columns.family'),
          visibleMediaQuery: '(min-width: 48em)',
          render: (m) =>
            m.familyRole
              ? t(`members.familyRoles.${m.familyRole}`, { defaultValue: m.familyRole })
              : m.guardianGolfId
                ? t('members.hasGuardian', { golfId: m.guardianGolfId })
                : none,
        },
        {
          accessor: 'active',
          title: t('members.columns.status'),
          render: (m) => (
            <Badge variant="light" color={m.active ? 'teal' : 'gray'} tt="none">
              {m.active ? t('members.active.true') : t('members.active.false')}
            </Badge>
          ),
        },
      ]}
    />
  );
}
