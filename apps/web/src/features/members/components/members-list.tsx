import { encodeMessage, type MemberBulkActionBody, type MemberListRow, translateValidationMessage } from '@fairway/shared';
import { Button, Group, Menu, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FailureAlert } from '../../../components/failure-alert';
import { DocumentList, FilterSelect, NewButton } from '../../../components/list/document-list';
import { useListParams } from '../../../components/list/use-list-params';
import { useCurrentUser } from '../../../lib/current-user';
import { callFailure, type FormFailure } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useBulkMembers } from '../api/bulk-members';
import { useCategories } from '../api/categories';
import { useFeeRuleOptions } from '../api/fee-rules';
import { useMembers } from '../api/list-members';
import { MEMBERS_LIST, membersQuery, OPEN_FILTERS, type OpenFilter } from '../lib/list-config';
import { MEMBER_PATHS } from '../lib/paths';
import { MembersTable } from './members-table';

type Action = MemberBulkActionBody['action'];
/** The actions that ask something first: a category, a fee rule, or "are you sure". */
type Asking = 'setCategory' | 'setFeeRule' | 'delete';
const NONE = '__none__';

/** The member list: search, filters, sorting, pages, and the selection with its bulk actions. */
export function MembersList() {
  const { t, i18n } = useTranslation('members');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const user = useCurrentUser();
  const canWrite = user?.scopes.includes('members.write') ?? false;
  const canReadFees = user?.scopes.includes('fees.read') ?? false;
  const params = useListParams(MEMBERS_LIST);
  const [searchParams, setSearchParams] = useSearchParams();
  const open = Object.fromEntries(OPEN_FILTERS.map((name) => [name, searchParams.get(name) ?? ''])) as Record<OpenFilter, string>;
  const badAges = open.ageFrom !== '' && open.ageTo !== '' && Number(open.ageFrom) > Number(open.ageTo);
  const query = useMembers(membersQuery(params.query, badAges ? { ...open, ageTo: '' } : open));
  const memberCategories = useCategories('membercategories');
  const playerCategories = useCategories('playercategories');
  const feeRules = useFeeRuleOptions(canWrite && canReadFees);
  const bulk = useBulkMembers();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [asking, setAsking] = useState<Asking | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const [failure, setFailure] = useState<FormFailure | null>(null);

  const setOpen = (name: OpenFilter, value: string | null) => {
    // Inputs may report their value again unchanged (a number input on mount): no new address then.
    if ((value ?? '') === open[name]) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  const isFiltered = params.isFiltered || OPEN_FILTERS.some((name) => open[name] !== '');
  const clearFilters = () => {
    params.clearFilters();
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of OPEN_FILTERS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  };

  const onSelectedChange = (pageRows: MemberListRow[], chosen: MemberListRow[]) => {
    const next = new Set(selected);
    for (const row of pageRows) next.delete(row.id);
    for (const row of chosen) next.add(row.id);
    setSelected(next);
  };

  // A refusal shows in the confirm dialog when there is one, else as a toast over the list.
  const run = async (body: MemberBulkActionBody, inDialog: boolean) => {
    setFailure(null);
    try {
      const result = await bulk.mutateAsync(body);
      notifySuccess(t(`bulk.done.${body.action}`, { count: result.affected }));
      setSelected(new Set());
      setAsking(null);
    } catch (error) {
      const refused = callFailure(error);
      if (inDialog) setFailure(refused);
      else if (refused.message) notifyError(refused.message, t('common:apiErrors.failed'));
    }
  };
  const start = (action: Action) => {
    if (selected.size === 0) {
      notifyError(translateValidationMessage(encodeMessage('select_members'), lang));
      return;
    }
    if (action === 'activate' || action === 'deactivate') void run({ action, ids: [...selected] }, false);
    else {
      setChoice(null);
      setFailure(null);
      setAsking(action);
    }
  };
  const confirm = () => {
    const ids = [...selected];
    const value = choice === NONE ? null : choice;
    let body: MemberBulkActionBody;
    if (asking === 'setCategory') body = { action: 'setCategory', ids, memberCategoryId: value };
    else if (asking === 'setFeeRule') body = { action: 'setFeeRule', ids, feeRuleId: value };
    else body = { action: 'delete', ids };
    void run(body, true);
  };

  const newButton = canWrite ? <NewButton to={MEMBER_PATHS.create}>{t('list.new')}</NewButton> : null;

  const fixedSelect = (name: 'active' | 'sex' | 'inFamily' | 'hasBalance') => (
    <FilterSelect ns="members" defs={MEMBERS_LIST.filters} name={name} params={params} width={130} />
  );
  const categorySelect = (name: 'memberCategoryId' | 'playerCategoryId', list: { id: string; name: string }[]) => (
    <Select
      label={t(`list.filters.${name}`)}
      placeholder={t('list.filters.any')}
      value={open[name] || null}
      onChange={(value) => setOpen(name, value)}
      data={list.map((c) => ({ value: c.id, label: c.name }))}
      clearable
      w={{ base: '100%', xs: 170 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
  const ageInput = (name: 'ageFrom' | 'ageTo') => (
    <NumberInput
      label={t(`list.filters.${name}`)}
      value={open[name]}
      onChange={(value) => setOpen(name, value === '' ? null : String(value))}
      min={0}
      max={130}
      allowDecimal={false}
      allowNegative={false}
      w={{ base: '100%', xs: 90 }}
      error={name === 'ageTo' && badAges ? translateValidationMessage(encodeMessage('age_range'), lang) : undefined}
    />
  );

  const choices =
    asking === 'setCategory'
      ? (memberCategories.data ?? []).map((c) => ({ value: c.id, label: c.name }))
      : (feeRules.data ?? []).map((r) => ({ value: r.id, label: r.name }));

  return (
    <>
      <DocumentList
        params={params}
        query={query}
        searchLabel={t('list.searchLabel')}
        searchPlaceholder={t('list.searchPlaceholder')}
        filters={
          <>
            {fixedSelect('active')}
            {categorySelect('memberCategoryId', memberCategories.data ?? [])}
            {categorySelect('playerCategoryId', playerCategories.data ?? [])}
            {fixedSelect('sex')}
            {ageInput('ageFrom')}
            {ageInput('ageTo')}
            {fixedSelect('inFamily')}
            {fixedSelect('hasBalance')}
          </>
        }
        actions={
          <>
            {canWrite ? (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button
                    variant="default"
                    rightSection={<IconChevronDown size={16} aria-hidden="true" />}
                    loading={bulk.isPending}
                  >
                    {t('bulk.button', { count: selected.size })}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => start('activate')}>{t('bulk.activate')}</Menu.Item>
                  <Menu.Item onClick={() => start('deactivate')}>{t('bulk.deactivate')}</Menu.Item>
                  <Menu.Item onClick={() => start('setCategory')}>{t('bulk.setCategory')}</Menu.Item>
                  {canReadFees ? <Menu.Item onClick={() => start('setFeeRule')}>{t('bulk.setFeeRule')}</Menu.Item> : null}
                  <Menu.Divider />
                  <Menu.Item color="red" onClick={() => start('delete')}>
                    {t('bulk.delete')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            ) : null}
            {newButton}
          </>
        }
        notice={
          selected.size > 0 ? (
            <Group gap="xs" mb="sm">
              <Text fz="sm" aria-live="polite">
                {t('bulk.selected', { count: selected.size })}
              </Text>
              <Button variant="subtle" size="compact-sm" onClick={() => setSelected(new Set())}>
                {t('bulk.clear')}
              </Button>
            </Group>
          ) : null
        }
        isFiltered={isFiltered}
        onClearFilters={clearFilters}
        empty={{ icon: IconUsers, title: t('list.emptyTitle'), text: t('list.emptyText'), action: newButton }}
      >
        {(rows) => (
          <MembersTable
            rows={rows}
            sort={params.sort}
            order={params.order}
            onSort={params.setSort}
            fetching={query.isFetching}
            selected={canWrite ? selected : null}
            onSelectedChange={onSelectedChange}
          />
        )}
      </DocumentList>
      <Modal opened={asking !== null} onClose={() => setAsking(null)} title={asking ? t(`bulk.${asking}`) : ''}>
        <Stack gap="md">
          <Text fz="sm">{t('bulk.affects', { count: selected.size })}</Text>
          {asking === 'setCategory' || asking === 'setFeeRule' ? (
            <Select
              label={t(asking === 'setCategory' ? 'fields.memberCategoryId.label' : 'fields.feeRuleId.label')}
              data={[{ value: NONE, label: t('bulk.none') }, ...choices]}
              value={choice}
              onChange={setChoice}
              comboboxProps={{ withinPortal: true }}
              data-autofocus
            />
          ) : (
            <Text fz="sm">{t('bulk.deleteWarning')}</Text>
          )}
          <FailureAlert failure={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)}>
              {t('form.cancel')}
            </Button>
            <Button
              color={asking === 'delete' ? 'red' : undefined}
              onClick={confirm}
              disabled={asking !== 'delete' && choice === null}
              loading={bulk.isPending}
            >
              {asking === 'delete' ? t('bulk.confirmDelete', { count: selected.size }) : t('bulk.apply')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
