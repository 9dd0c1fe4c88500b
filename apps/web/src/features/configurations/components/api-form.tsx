import {
  API_DATE_LIMITS,
  type ApiConfiguration,
  type ApiDateField,
  apiConfigurationSchema,
  earliestApiDate,
} from '@fairway/shared';
import { Box, Divider, Group, Select, SimpleGrid, Switch } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { HelpHint } from '../../../components/help-hint';
import { ConfigurationForm } from './configuration-form';
import type { GroupFormApi, GroupFormProps } from './group-form-props';
import { useConfigField } from './use-config-field';

type Toggle =
  | 'auto_sync'
  | 'auto_sync_git_to_accounting'
  | 'auto_update_invoice_with_git'
  | 'auto_credit_invoice_in_accounting'
  | 'auto_mark_invoice_as_paid'
  | 'include_partially_paid_invoices';

interface ClubAccountOption {
  id: string;
  name: string;
}

function ApiFields({ form, clubAccounts }: { form: GroupFormApi<'api'>; clubAccounts: readonly ClubAccountOption[] }) {
  const { t } = useTranslation('configurations');
  const field = useConfigField<ApiConfiguration>(form, 'api');

  const toggle = (name: Toggle) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <Switch
          {...field(name)}
          checked={f.value}
          onChange={(event) => {
            f.onChange(event.currentTarget.checked);
            // The club requirement depends on auto_sync; re-check it once the user has seen it.
            if (name === 'auto_sync' && form.formState.errors.club_to_sync) void form.trigger('club_to_sync');
          }}
          onBlur={f.onBlur}
        />
      )}
    />
  );

  // Some pickers reach 12 months back, others 6 (API_DATE_LIMITS): the calendar stays inside the
  // window, and the schema says so if an earlier date is typed.
  const date = (name: ApiDateField) => {
    const props = field(name);
    return (
      <Controller
        control={form.control}
        name={name}
        render={({ field: f }) => (
          <DateField
            {...props}
            description={props.description ?? t('dateBack', { count: API_DATE_LIMITS[name] })}
            minDate={earliestApiDate(name)}
            value={f.value}
            onChange={(date) => f.onChange(date || null)}
            onBlur={f.onBlur}
            ref={f.ref}
          />
        )}
      />
    );
  };

  // The contextual help (GET helptexts) beside a switch, or beside a date input.
  const hintedToggle = (name: Toggle, helpKey: string) => (
    <Group gap={6} wrap="nowrap" align="center">
      {toggle(name)}
      <HelpHint helpKey={helpKey} topic={field(name).label} />
    </Group>
  );
  const hintedDate = (name: ApiDateField, helpKey: string): ReactNode => (
    <Group gap={6} wrap="nowrap" align="flex-end">
      <Box flex={1}>{date(name)}</Box>
      {/* Level with the input (36 px) whatever the height of its label and description. */}
      <Box pb={7}>
        <HelpHint helpKey={helpKey} topic={field(name).label} />
      </Box>
    </Group>
  );

  return (
    <>
      <Divider label={t('apiSections.sync')} labelPosition="left" />
      {hintedToggle('auto_sync', 'git.settings.autoSync')}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={form.control}
          name="club_to_sync"
          render={({ field: f }) => (
            <Select
              {...field('club_to_sync')}
              placeholder={t('clubToSyncPlaceholder')}
              data={clubAccounts.map((account) => ({ value: account.id, label: account.name }))}
              value={f.value}
              onChange={(value) => f.onChange(value)}
              onBlur={f.onBlur}
              ref={f.ref}
              clearable
              nothingFoundMessage={t('noClubAccounts')}
            />
          )}
        />
        {date('sync_start_date')}
      </SimpleGrid>
      {toggle('auto_sync_git_to_accounting')}
      {toggle('auto_update_invoice_with_git')}

      <Divider label={t('apiSections.payments')} labelPosition="left" mt="xs" />
      {hintedToggle('auto_mark_invoice_as_paid', 'git.settings.autoMarkPaid')}
      {hintedToggle('include_partially_paid_invoices', 'git.settings.partiallyPaid')}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {hintedDate('payment_start_date', 'git.settings.startDates')}
      </SimpleGrid>

      <Divider label={t('apiSections.credits')} labelPosition="left" mt="xs" />
      {toggle('auto_credit_invoice_in_accounting')}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {date('create_credit_start_date')}
        {hintedDate('credit_start_date', 'git.settings.startDates')}
      </SimpleGrid>
    </>
  );
}

export function ApiConfigurationForm({
  clubAccounts,
  ...props
}: GroupFormProps<'api'> & { clubAccounts: readonly ClubAccountOption[] }) {
  // Dates already saved stay valid when unchanged, as on the server.
  const schema = useMemo(() => apiConfigurationSchema({ previous: props.values }), [props.values]);
  return (
    <ConfigurationForm {...props} group="api" schema={schema}>
      {(form) => <ApiFields form={form} clubAccounts={clubAccounts} />}
    </ConfigurationForm>
  );
}
