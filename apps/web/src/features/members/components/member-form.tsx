import {
  BILLING_CYCLES,
  BILLING_METHODS,
  type CreateMemberBody,
  formatPhone,
  GIT_OWNED_MEMBER_FIELDS,
  MEMBER_STATUSES,
  type MemberDetail,
  SEXES,
} from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, NumberInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { IconCloudDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, type FieldPath, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { DateField } from '../../../components/date-field';
import { DocumentFormFrame } from '../../../components/form/document-form-frame';
import { FormSection } from '../../../components/form-section';
import { useCurrentUser } from '../../../lib/current-user';
import { applyFormErrors, useFieldErrorText } from '../../../lib/form-errors';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { useCategories } from '../api/categories';
import { useFeeRuleOptions } from '../api/fee-rules';
import { MEMBER_PATHS } from '../lib/paths';
import { GuardianPicker } from './guardian-picker';

export type MemberFormValues = CreateMemberBody;
type Field = FieldPath<MemberFormValues>;

/** The form's sections and their fields, in the order they are shown. */
export const MEMBER_SECTIONS = {
  identity: ['firstname', 'lastname', 'sex', 'birthDate', 'golfId', 'personalNumber', 'memberNumber', 'country'],
  contact: ['email', 'phoneMobile', 'phoneHome', 'phoneWork'],
  address: ['homeAddress', 'postalAddress', 'zipCode', 'city'],
  membership: [
    'memberCategoryId',
    'feeRuleId',
    'guardianId',
    'memberSince',
    'status',
    'active',
    'customerNumber',
    'accountingNumberActive',
  ],
  sport: ['hcp', 'playerCategoryId', 'homeClub'],
  billing: ['billingName', 'billingReference', 'billingMethod', 'billingCycle', 'receiptsEmail'],
} as const satisfies Record<string, readonly Field[]>;
export type MemberSection = keyof typeof MEMBER_SECTIONS;
export const ALL_SECTIONS = Object.keys(MEMBER_SECTIONS) as MemberSection[];

const BOOLEAN_FIELDS = new Set<Field>(['active', 'accountingNumberActive']);
const PHONE_FIELDS = new Set<Field>(['phoneMobile', 'phoneHome', 'phoneWork']);
const text = (value: string | null | undefined) => value ?? '';

/** The starting values of the given sections' fields: the member as stored, or a new active member. */
export function memberFormValues(sections: readonly MemberSection[], member?: MemberDetail): MemberFormValues {
  const values: Record<string, unknown> = {};
  for (const section of sections) {
    for (const name of MEMBER_SECTIONS[section] as readonly Field[]) {
      if (name === 'memberCategoryId') values[name] = member?.memberCategory?.id ?? null;
      else if (name === 'playerCategoryId') values[name] = member?.playerCategory?.id ?? null;
      else if (name === 'active') values[name] = member?.active ?? true;
      else if (name === 'accountingNumberActive') values[name] = member?.accountingNumberActive ?? false;
      else if (name === 'status') values[name] = member?.status ?? 'active';
      else if (name === 'hcp') values[name] = member?.hcp ?? null;
      // Stored as E.164, shown as the member's phone is written (070-174 06 45); read back on save.
      else if (PHONE_FIELDS.has(name))
        values[name] = member?.[name as 'phoneMobile'] ? formatPhone(member[name as 'phoneMobile'] as string) : '';
      else if (['sex', 'feeRuleId', 'billingMethod', 'billingCycle', 'guardianId'].includes(name))
        values[name] = (member?.[name as keyof MemberDetail] as string | null | undefined) ?? null;
      else values[name] = text(member?.[name as keyof MemberDetail] as string | null | undefined);
    }
  }
  return values as MemberFormValues;
}

export interface MemberFormProps {
  sections: readonly MemberSection[];
  member?: MemberDetail;
  /** The shared schema the body is checked with before it is sent (create, update or billing). */
  schema: ZodType;
  readOnly: boolean;
  submitLabel: string;
  /** Sends the validated body; throws the API's refusal. */
  onSubmit: (body: Record<string, unknown>) => Promise<unknown>;
  onSaved?: () => void;
  /** Read-only facts shown under the fields (balance, guardian). */
  extra?: React.ReactNode;
}

/** The fields chosen from a fixed list, each choice labelled by its own message (`sexes.female`). */
const CHOICES: Partial<Record<Field, { values: readonly string[]; messages: string; required?: boolean }>> = {
  sex: { values: SEXES, messages: 'sexes' },
  status: { values: MEMBER_STATUSES, messages: 'statuses', required: true },
  billingMethod: { values: BILLING_METHODS, messages: 'billingMethods' },
  billingCycle: { values: BILLING_CYCLES, messages: 'billingCycles' },
};

/** A club's own list (categories, fee rules) as choices. */
const named = (items: readonly { id: string; name: string }[] | undefined) =>
  (items ?? []).map((item) => ({ value: item.id, label: item.name }));

/**
 * A member's fields in sections (docs/members-and-fees.md#members), validated with the shared schema (golf ID,
 * personnummer, phones, e-mail, hcp with their localised messages) before anything is sent; the
 * server's field messages land on the inputs, anything else in the alert at the top.
 */
export function MemberForm({ sections, member, schema, readOnly, submitLabel, onSubmit, onSaved, extra }: MemberFormProps) {
  const { t, i18n } = useTranslation('members');
  const errorText = useFieldErrorText();
  const user = useCurrentUser();
  const [failure, setFailure] = useState<string | null>(null);
  const fields = sections.flatMap((s) => MEMBER_SECTIONS[s] as readonly Field[]);
  const form = useForm<MemberFormValues, unknown, Record<string, unknown>>({
    resolver: zodResolver(schema as never) as unknown as Resolver<MemberFormValues, unknown, Record<string, unknown>>,
    defaultValues: memberFormValues(sections, member),
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, setError, formState, reset } = form;
  const leaving = useUnsavedChangesGuard(formState.isDirty && !readOnly && !formState.isSubmitting);
  const needsCategories = fields.includes('memberCategoryId') || fields.includes('playerCategoryId');
  const memberCategories = useCategories('membercategories', needsCategories);
  const playerCategories = useCategories('playercategories', needsCategories);
  const canReadFees = user?.scopes.includes('fees.read') ?? false;
  const feeRules = useFeeRuleOptions(fields.includes('feeRuleId') && canReadFees);

  /** A field GIT owns on a member GIT lists: shown as GIT's, read-only (the server refuses a change too). */
  const gitOwned = (name: Field) => member?.source === 'git' && (GIT_OWNED_MEMBER_FIELDS as readonly string[]).includes(name);
  const props = (name: Field) => {
    const label = t(`fields.${name}.label`);
    const owned = gitOwned(name);
    const description = owned ? t('git.fromGit') : t(`fields.${name}.description`, { defaultValue: '' }) || undefined;
    const placeholder = t(`fields.${name}.placeholder`, { defaultValue: '' }) || undefined;
    return {
      label,
      description,
      placeholder,
      error: errorText(formState.errors[name], label),
      ...(owned ? { readOnly: true, variant: 'filled', 'data-git-owned': true } : {}),
    };
  };

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await onSubmit(body);
      leaving.current = true;
      // The saved values are the new starting point (the page re-keys the form with the fresh member).
      reset(form.getValues());
      leaving.current = false;
      onSaved?.();
    } catch (error) {
      setFailure(applyFormErrors(error, setError, fields).message);
    }
  });

  const selectOf = (name: Field, data: { value: string; label: string }[], clearable = true) => (
    <Controller
      key={name}
      control={control}
      name={name}
      render={({ field: f }) => (
        <Select
          {...props(name)}
          data={data}
          value={(f.value as string | null) ?? null}
          onChange={(next) => f.onChange(next)}
          onBlur={f.onBlur}
          ref={f.ref}
          clearable={clearable}
          allowDeselect={clearable}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );

  const input = (name: Field) => {
    if (BOOLEAN_FIELDS.has(name)) {
      return (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field: f }) => (
            <Switch
              label={props(name).label}
              description={props(name).description}
              name={f.name}
              ref={f.ref}
              checked={Boolean(f.value)}
              onChange={(event) => f.onChange(event.currentTarget.checked)}
              onBlur={f.onBlur}
              disabled={gitOwned(name)}
              mt="md"
            />
          )}
        />
      );
    }
    const choices = CHOICES[name];
    if (choices) {
      const data = choices.values.map((value) => ({ value, label: t(`${choices.messages}.${value}`) }));
      return selectOf(name, data, !choices.required);
    }
    switch (name) {
      case 'memberCategoryId':
        return selectOf(name, named(memberCategories.data));
      case 'playerCategoryId':
        return selectOf(name, named(playerCategories.data));
      case 'feeRuleId':
        if (!canReadFees || feeRules.isError) {
          // Without the fees list the rule is shown as its id, read-only.
          return <TextInput key={name} {...props(name)} value={text(member?.feeRuleId)} readOnly />;
        }
        return selectOf(name, named(feeRules.data));
      case 'hcp':
        return (
          <Controller
            key={name}
            control={control}
            name="hcp"
            render={({ field: f }) => (
              <NumberInput
                {...props(name)}
                value={typeof f.value === 'number' ? f.value : ''}
                onChange={(v) => f.onChange(v === '' ? null : Number(String(v).replace(',', '.')))}
                onBlur={f.onBlur}
                ref={f.ref}
                decimalScale={1}
                decimalSeparator={i18n.language === 'en' ? '.' : ','}
                min={-10}
                max={54}
                clampBehavior="none"
                inputMode="decimal"
              />
            )}
          />
        );
      case 'birthDate':
      case 'memberSince': {
        const { label, description, error, readOnly: owned } = props(name);
        return (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field: f }) => (
              <DateField
                label={label}
                description={description}
                error={error}
                readOnly={owned}
                variant={owned ? 'filled' : undefined}
                value={f.value as string | null}
                onChange={(next) => f.onChange(next)}
                onBlur={f.onBlur}
                ref={f.ref}
                // A birth date is not in the future (the schema says so too, in words).
                maxDate={name === 'birthDate' ? new Date().toISOString().slice(0, 10) : undefined}
                clearable
              />
            )}
          />
        );
      }
      case 'guardianId':
        return (
          <Controller
            key={name}
            control={control}
            name="guardianId"
            render={({ field: f }) => (
              <GuardianPicker
                {...props(name)}
                value={(f.value as string | null) ?? null}
                onChange={(next) => f.onChange(next)}
                onBlur={f.onBlur}
                ref={f.ref}
                initial={member?.guardian}
                selfId={member?.id}
              />
            )}
          />
        );
      case 'email':
      case 'receiptsEmail':
        return <TextInput key={name} {...props(name)} {...register(name)} type="email" maxLength={254} autoComplete="off" />;
      case 'phoneMobile':
      case 'phoneHome':
      case 'phoneWork':
        return <TextInput key={name} {...props(name)} {...register(name)} type="tel" maxLength={32} autoComplete="off" />;
      default:
        return (
          <TextInput
            key={name}
            {...props(name)}
            {...register(name)}
            withAsterisk={name === 'firstname' || name === 'lastname'}
            autoComplete="off"
          />
        );
    }
  };

  return (
    <DocumentFormFrame
      ns="members"
      label={member ? `${member.firstname} ${member.lastname}` : t('create.title')}
      creating={member === undefined}
      submitLabel={submitLabel}
      onSubmit={submit}
      readOnly={readOnly}
      failure={failure}
      submitting={formState.isSubmitting}
      backTo={MEMBER_PATHS.list}
    >
      {fields.some(gitOwned) ? (
        <Alert variant="light" color="blue" icon={<IconCloudDownload size={18} aria-hidden="true" />}>
          {t('git.ownedHint')}
        </Alert>
      ) : null}
      {sections.map((section) => (
        <FormSection key={section} legend={t(`form.sections.${section}`)}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {(MEMBER_SECTIONS[section] as readonly Field[]).map(input)}
          </SimpleGrid>
        </FormSection>
      ))}
      {extra}
    </DocumentFormFrame>
  );
}
