import {
  type CurrentUser,
  grantableScopes,
  NO_RULES,
  ROLE_NAME_MAX,
  ROLE_RULES,
  type RoleBody,
  type RoleBodyInput,
  type RoleDefinition,
  roleBodySchema,
  SCOPE_CATEGORIES,
  SCOPES,
  type Scope,
  translateValidationMessage,
} from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Fieldset, Group, Modal, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnauthorized } from '../../../lib/api-client';
import { emitAppEvent } from '../../../lib/app-events';
import { notifySuccess } from '../../../lib/notify';
import { roleLabel } from '../../../lib/roles';
import { useSaveRole } from '../api/save-role';

export type RoleModalState = { mode: 'create'; from?: RoleDefinition } | { mode: 'edit' | 'view'; role: RoleDefinition } | null;

export interface RoleModalProps {
  state: RoleModalState;
  onClose: () => void;
  viewer: CurrentUser;
}

/** Create, edit or (for default roles) view a role: name, scopes by category, rule toggles. */
export function RoleModal({ state, onClose, viewer }: RoleModalProps) {
  const { t } = useTranslation(['permissions', 'common']);
  let title = '';
  if (state?.mode === 'create') title = t('createTitle');
  else if (state?.mode === 'edit') title = t('editTitle', { name: state.role.name });
  else if (state?.mode === 'view') title = t('viewTitle', { name: roleLabel(t, state.role) });
  const key = state ? (state.mode === 'create' ? 'create' : `${state.mode}-${state.role.id}`) : 'closed';
  return (
    <Modal opened={state !== null} onClose={onClose} title={title} size="xl" centered>
      {state ? <RoleForm key={key} state={state} onClose={onClose} viewer={viewer} /> : null}
    </Modal>
  );
}

function RoleForm({ state, onClose, viewer }: { state: NonNullable<RoleModalState>; onClose: () => void; viewer: CurrentUser }) {
  const { t, i18n } = useTranslation(['permissions', 'common']);
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const save = useSaveRole();
  const [failure, setFailure] = useState<string | null>(null);
  const readOnly = state.mode === 'view';
  const source = state.mode === 'create' ? state.from : state.role;
  const grantable = new Set<string>(grantableScopes(viewer));

  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RoleBodyInput, unknown, RoleBody>({
    resolver: zodResolver(roleBodySchema),
    defaultValues: {
      name: state.mode === 'create' ? '' : state.role.name,
      // A copy keeps only what the viewer may grant; an edited role keeps everything, so the server
      // refuses out loud rather than the form dropping scopes unseen.
      scopes: (source?.scopes ?? []).filter((s) => state.mode !== 'create' || grantable.has(s)),
      rules: source?.rules ?? NO_RULES,
    },
  });

  const message = (error: FieldError | undefined, field: string) =>
    error?.message ? translateValidationMessage(error.message, lang, t(`fieldNames.${field}`)) : undefined;

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ id: state.mode === 'edit' ? state.role.id : undefined, body });
      notifySuccess(t(state.mode === 'edit' ? 'saved' : 'created', { name: saved.name }));
      onClose();
    } catch (error) {
      if (isUnauthorized(error)) return setFailure(error.message);
      if (!(error instanceof ApiError)) return setFailure(t('common:apiErrors.actionFailed'));
      const { description } = error;
      if (description.kind === 'access-denied') {
        emitAppEvent('access-denied', { message: description.message });
        return;
      }
      if (description.kind !== 'fields') return setFailure(description.message);
      const leftover: string[] = [];
      for (const { field, messages } of description.fields) {
        if (field === 'name') setError('name', { type: 'server', message: messages.join(' ') }, { shouldFocus: true });
        else if (field === 'scopes' || field.startsWith('scopes.'))
          setError('scopes', { type: 'server', message: messages.join(' ') });
        else leftover.push(...messages);
      }
      setFailure(leftover.length > 0 ? leftover.join(' ') : null);
    }
  });

  const scopesError = message((errors.scopes as FieldError | undefined) ?? undefined, 'scopes');

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {readOnly ? (
          <Alert color="gray" icon={<IconLock size={18} aria-hidden="true" />}>
            {t('readOnlyNote')}
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden="true" />} role="alert">
            {failure}
          </Alert>
        ) : null}
        {readOnly ? null : (
          <TextInput
            label={t('name')}
            placeholder={t('namePlaceholder')}
            withAsterisk
            maxLength={ROLE_NAME_MAX}
            data-autofocus
            error={message(errors.name, 'name')}
            {...register('name')}
          />
        )}
        <Controller
          control={control}
          name="scopes"
          render={({ field }) => {
            const selected = new Set<string>(field.value ?? []);
            const set = (next: Set<string>) =>
              field.onChange(
                Object.values(SCOPES)
                  .flat()
                  .filter((s) => next.has(s)),
              );
            return (
              <Stack gap="sm">
                <div>
                  <Text fw={600}>{t('scopesTitle')}</Text>
                  <Text fz="sm" c={scopesError ? 'red' : 'dimmed'} role={scopesError ? 'alert' : undefined}>
                    {scopesError ?? (readOnly ? null : t('scopesHint'))}
                  </Text>
                  {!readOnly && viewer.role !== 'Owner' ? (
                    <Text fz="xs" c="dimmed">
                      {t('notGrantable')}
                    </Text>
                  ) : null}
                </div>
                <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
                  {SCOPE_CATEGORIES.map((category) => {
                    const scopes = SCOPES[category] as readonly Scope[];
                    const choosable = scopes.filter((s) => grantable.has(s));
                    const chosen = scopes.filter((s) => selected.has(s));
                    const categoryName = t(`categories.${category}`);
                    return (
                      <Fieldset key={category} legend={categoryName} variant="filled" radius="md">
                        <Stack gap={8}>
                          {readOnly ? null : (
                            <Checkbox
                              label={t('selectAll', { category: categoryName })}
                              fw={600}
                              checked={choosable.length > 0 && choosable.every((s) => selected.has(s))}
                              indeterminate={chosen.length > 0 && !choosable.every((s) => selected.has(s))}
                              disabled={choosable.length === 0}
                              onChange={(event) => {
                                const next = new Set(selected);
                                for (const s of choosable) {
                                  if (event.currentTarget.checked) next.add(s);
                                  else next.delete(s);
                                }
                                set(next);
                              }}
                            />
                          )}
                          {scopes.map((scope) => (
                            <Checkbox
                              key={scope}
                              label={t(`scopes.${scope}`)}
                              checked={selected.has(scope)}
                              disabled={readOnly || !grantable.has(scope)}
                              onChange={(event) => {
                                const next = new Set(selected);
                                if (event.currentTarget.checked) next.add(scope);
                                else next.delete(scope);
                                set(next);
                              }}
                            />
                          ))}
                        </Stack>
                      </Fieldset>
                    );
                  })}
                </SimpleGrid>
              </Stack>
            );
          }}
        />
        <Fieldset legend={t('rulesTitle')} radius="md">
          <Stack gap={8}>
            <Text fz="sm" c="dimmed">
              {t('rulesHint')}
            </Text>
            {ROLE_RULES.map((rule) => (
              <Controller
                key={rule}
                control={control}
                name={`rules.${rule}`}
                render={({ field }) => (
                  <Switch
                    label={t(`rules.${rule}`)}
                    checked={field.value ?? false}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    disabled={readOnly}
                  />
                )}
              />
            ))}
          </Stack>
        </Fieldset>
        <Group justify="flex-end" gap="sm">
          {readOnly ? (
            <Button variant="default" onClick={onClose}>
              {t('close')}
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('save')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </form>
  );
}
