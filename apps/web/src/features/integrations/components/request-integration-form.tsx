import { REQUESTABLE_SYSTEMS, type RequestIntegrationBody, requestIntegrationBodySchema } from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, useFieldErrorText } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useRequestIntegration } from '../api/request-integration';

const FIELDS = ['system', 'message'] as const;

interface RequestValues {
  system: RequestIntegrationBody['system'] | null;
  message: string;
}

/** Asks us for an integration with a system the portal does not connect to yet. */
export function RequestIntegrationForm() {
  const { t } = useTranslation('integrations');
  const errorText = useFieldErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const send = useRequestIntegration();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RequestValues>({
    resolver: zodResolver(requestIntegrationBodySchema as never) as unknown as Resolver<RequestValues>,
    defaultValues: { system: null, message: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await send.mutateAsync(values as RequestIntegrationBody);
      reset({ system: null, message: '' });
      notifySuccess(t('request.sent'));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('request.title')}>
      <Stack gap="md">
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {formError}
          </Alert>
        ) : null}
        <Controller
          control={control}
          name="system"
          render={({ field }) => (
            <Select
              label={t('request.system')}
              placeholder={t('request.systemPlaceholder')}
              withAsterisk
              data={REQUESTABLE_SYSTEMS.map((system) => ({ value: system, label: t(`request.systems.${system}`) }))}
              value={field.value}
              onChange={(value) => field.onChange(value)}
              onBlur={field.onBlur}
              error={errorText(errors.system, t('request.system'))}
              maw={{ sm: 360 }}
            />
          )}
        />
        <Textarea
          label={t('request.message')}
          description={t('request.messageHint')}
          withAsterisk
          autosize
          minRows={3}
          maxRows={8}
          maxLength={2000}
          error={errorText(errors.message, t('request.message'))}
          {...register('message')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            {t('request.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
