import type { ConfigurationGroup, ConfigurationValues } from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type DefaultValues, type FieldPath, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatDateTime } from '../../../lib/dates';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useSaveConfiguration } from '../api/save-configuration';

export interface ConfigurationFormProps<G extends ConfigurationGroup> {
  group: G;
  values: ConfigurationValues[G];
  updatedAt: string | null;
  clubAccountId: string;
  /** Without settings.manage the form is shown but cannot be changed. */
  readOnly: boolean;
  schema: z.ZodType<ConfigurationValues[G]>;
  /** A field to give the focus on arrival (`?field=` from a link to a missing setting). */
  focusField?: string;
  children: (form: UseFormReturn<ConfigurationValues[G]>) => ReactNode;
}

/**
 * The frame every configuration group shares: the shared zod schema validates before sending,
 * the server's field messages land on the same inputs, and a save ends with a success toast.
 */
export function ConfigurationForm<G extends ConfigurationGroup>({
  group,
  values,
  updatedAt,
  clubAccountId,
  readOnly,
  schema,
  focusField,
  children,
}: ConfigurationFormProps<G>) {
  const { t, i18n } = useTranslation('configurations');
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveConfiguration(group, clubAccountId);
  const form = useForm<ConfigurationValues[G]>({
    resolver: zodResolver(schema as never) as unknown as Resolver<ConfigurationValues[G]>,
    defaultValues: values as DefaultValues<ConfigurationValues[G]>,
    mode: 'onTouched',
  });
  const { handleSubmit, reset, setError, setFocus, formState } = form;

  // Arriving from a refusal that named this setting (components/failure-alert.tsx): the field has
  // the focus, so keyboard and screen-reader users land on it too.
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (!focusField || focused.current === focusField || !Object.hasOwn(values as object, focusField)) return;
    focused.current = focusField;
    setFocus(focusField as FieldPath<ConfigurationValues[G]>);
  }, [focusField, values, setFocus]);

  // A save answers the stored values; they become the form's new starting point.
  useEffect(() => {
    reset(values);
  }, [values, reset]);

  const onSubmit = handleSubmit(async (submitted) => {
    setFormError(null);
    try {
      await save.mutateAsync(submitted);
      notifySuccess(t('saved', { group: t(`groups.${group}.title`) }));
    } catch (error) {
      const fields = Object.keys(values) as FieldPath<ConfigurationValues[G]>[];
      setFormError(applyServerErrors(error, setError, fields));
    }
  });

  const savedAt = updatedAt ? formatDateTime(updatedAt, i18n.language === 'en' ? 'en' : 'sv') : null;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form noValidate onSubmit={onSubmit} aria-labelledby={`configuration-${group}-title`}>
        <Stack gap="md">
          <div>
            <Text id={`configuration-${group}-title`} fw={600} fz="lg">
              {t(`groups.${group}.title`)}
            </Text>
            <Text c="dimmed" fz="sm">
              {t(`groups.${group}.description`)}
            </Text>
          </div>
          {readOnly ? (
            <Alert variant="light" color="gray" icon={<IconLock size={18} aria-hidden="true" />}>
              {t('readOnly')}
            </Alert>
          ) : null}
          {formError ? (
            <Alert variant="light" color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
              {formError}
            </Alert>
          ) : null}
          <fieldset disabled={readOnly || formState.isSubmitting} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="md">{children(form)}</Stack>
          </fieldset>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text c="dimmed" fz="xs">
              {savedAt ? t('savedAt', { date: savedAt }) : t('usingDefaults')}
            </Text>
            {readOnly ? null : (
              <Group gap="sm">
                <Button variant="default" disabled={!formState.isDirty || formState.isSubmitting} onClick={() => reset(values)}>
                  {t('undo')}
                </Button>
                <Button type="submit" loading={formState.isSubmitting}>
                  {t('save')}
                </Button>
              </Group>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
