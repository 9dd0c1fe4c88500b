import {
  FEE_DESCRIPTION_MAX,
  FEE_NAME_MAX,
  type FeeType,
  type FeeTypeBody,
  type FeeTypeBodyInput,
  feeTypeBodySchema,
} from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFormErrors, useFieldErrorText } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useSaveFeeType } from '../api/save-fee-type';
import { FormFooter } from './form-footer';

const FIELDS = ['name', 'description'] as const;

/** Create or edit a fee type: a name unique in the club account, and a description. */
export function FeeTypeForm({ item, onDone }: { item?: FeeType; onDone: () => void }) {
  const { t } = useTranslation('fees');
  const errorText = useFieldErrorText();
  const save = useSaveFeeType();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<FeeTypeBodyInput, unknown, FeeTypeBody>({
    resolver: zodResolver(feeTypeBodySchema),
    defaultValues: { name: item?.name ?? '', description: item?.description ?? '' },
    mode: 'onTouched',
  });
  const { errors } = formState;
  const label = (name: (typeof FIELDS)[number]) => t(`feeTypes.fields.${name}`);

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ id: item?.id, body });
      notifySuccess(t(item ? 'feeTypes.saved' : 'feeTypes.created', { name: saved.name }));
      onDone();
    } catch (error) {
      setFailure(applyFormErrors(error, setError, FIELDS).message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          {...register('name')}
          label={label('name')}
          error={errorText(errors.name, label('name'))}
          withAsterisk
          maxLength={FEE_NAME_MAX}
          data-autofocus
        />
        <Textarea
          {...register('description')}
          label={label('description')}
          error={errorText(errors.description, label('description'))}
          autosize
          minRows={2}
          maxLength={FEE_DESCRIPTION_MAX}
        />
        <FormFooter failure={failure} submitting={formState.isSubmitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}
