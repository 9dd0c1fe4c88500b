import { REQUESTABLE_SYSTEMS, type RequestIntegrationBody, requestIntegrationBodySchema } from '@fairway/shared';
import { Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/failure-alert';
import { useFieldErrorText } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useSendForm } from '../../../lib/use-send-form';
import { useRequestIntegration } from '../api/request-integration';

const FIELDS = ['system', 'message'] as const;

interface RequestValues {
  system: RequestIntegrationBody['system'] | null;
  message: string;
}

const EMPTY: RequestValues = { system: null, message: '' };

/** Asks us for an integration with a system the portal does not connect to yet. */
export function RequestIntegrationForm() {
  const { t } = useTranslation('integrations');
  const errorText = useFieldErrorText();
  const request = useRequestIntegration();
  const { form, failure, onSubmit } = useSendForm<RequestValues>({
    schema: requestIntegrationBodySchema,
    defaultValues: EMPTY,
    fields: FIELDS,
    send: async (values) => {
      await request.mutateAsync(values as RequestIntegrationBody);
      form.reset(EMPTY);
      notifySuccess(t('request.sent'));
    },
  });
  const {
    control,
    register,
    formState: { errors, isSubmitting },
  } = form;

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('request.title')}>
      <Stack gap="md">
        <FailureAlert failure={failure} />
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
