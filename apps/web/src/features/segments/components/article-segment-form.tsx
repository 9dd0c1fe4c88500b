import {
  type ArticleSegment,
  type ArticleSegmentBody,
  type ArticleSegmentBodyInput,
  articleSegmentBodySchema,
  SEGMENT_CODE_MAX,
  SEGMENT_DESCRIPTION_MAX,
  SEGMENT_NAME_MAX,
  SEGMENT_NOTES_MAX,
  SEGMENT_PATHS,
  VAT_RATES,
} from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Fieldset, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFormErrors, useFieldErrorText } from '../../../lib/form-errors';
import { useCreateArticleSegment } from '../api/create-article-segment';
import { useUpdateArticleSegment } from '../api/update-article-segment';
import { listErrorText, serverFieldMap } from '../lib/field-errors';
import { MemberNumbersInput } from './member-numbers-input';
import { SegmentFormFrame } from './segment-form-frame';

const FIELDS = ['name', 'description', 'notes', 'vatRate', 'salesAccount', 'costCentre', 'project', 'articleNumbers'] as const;

export interface ArticleSegmentFormProps {
  segment?: ArticleSegment;
  readOnly: boolean;
  onSaved: (saved: ArticleSegment) => void;
  onDelete?: () => void;
}

function defaults(segment?: ArticleSegment): ArticleSegmentBodyInput {
  return {
    name: segment?.name ?? '',
    description: segment?.description ?? '',
    notes: segment?.notes ?? '',
    vatRate: segment?.vatRate ?? null,
    salesAccount: segment?.salesAccount ?? '',
    costCentre: segment?.costCentre ?? '',
    project: segment?.project ?? '',
    articleNumbers: segment?.articleNumbers ?? [],
  };
}

/** Article segment: name, texts, and the defaults its articles get (VAT, sales account, cost centre, project). */
export function ArticleSegmentForm({ segment, readOnly, onSaved, onDelete }: ArticleSegmentFormProps) {
  const { t } = useTranslation('segments');
  const errorText = useFieldErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateArticleSegment();
  const update = useUpdateArticleSegment();
  const { control, register, handleSubmit, setError, watch, formState } = useForm<
    ArticleSegmentBodyInput,
    unknown,
    ArticleSegmentBody
  >({
    resolver: zodResolver(articleSegmentBodySchema),
    defaultValues: defaults(segment),
    mode: 'onTouched',
  });
  const { errors } = formState;
  const numbers = watch('articleNumbers') ?? [];

  const field = (name: (typeof FIELDS)[number]) => {
    const label = t(`fields.${name}.label`);
    const help = t(`fields.${name}.description`, { defaultValue: '' });
    return { label, description: help || undefined, error: errorText(errors[name] as FieldError | undefined, label) };
  };

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const saved = segment ? await update.mutateAsync({ id: segment.id, body }) : await create.mutateAsync(body);
      onSaved(saved);
    } catch (error) {
      setFailure(applyFormErrors(error, setError, serverFieldMap(FIELDS, 'articleNumbers', numbers.length)).message);
    }
  });

  const membersLabel = t('fields.articleNumbers.label');
  return (
    <SegmentFormFrame
      onSubmit={onSubmit}
      readOnly={readOnly}
      submitting={formState.isSubmitting}
      failure={failure}
      backTo={SEGMENT_PATHS.article.list}
      onDelete={onDelete}
    >
      <TextInput {...field('name')} {...register('name')} withAsterisk maxLength={SEGMENT_NAME_MAX} data-autofocus />
      <Textarea
        {...field('description')}
        {...register('description')}
        autosize
        minRows={2}
        maxRows={4}
        maxLength={SEGMENT_DESCRIPTION_MAX}
      />
      <Fieldset legend={t('form.defaults')} variant="filled" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <Controller
            control={control}
            name="vatRate"
            render={({ field: f }) => (
              <Select
                {...field('vatRate')}
                data={VAT_RATES.map((rate) => ({ value: String(rate), label: `${rate} %` }))}
                placeholder={t('fields.vatRate.placeholder')}
                value={f.value === null || f.value === undefined ? null : String(f.value)}
                onChange={(value) => f.onChange(value === null ? null : Number(value))}
                onBlur={f.onBlur}
                clearable
              />
            )}
          />
          <TextInput
            {...field('salesAccount')}
            {...register('salesAccount')}
            inputMode="numeric"
            maxLength={4}
            placeholder="3001"
          />
          <TextInput {...field('costCentre')} {...register('costCentre')} maxLength={SEGMENT_CODE_MAX} />
          <TextInput {...field('project')} {...register('project')} maxLength={SEGMENT_CODE_MAX} />
        </SimpleGrid>
      </Fieldset>
      <Controller
        control={control}
        name="articleNumbers"
        render={({ field: f }) => (
          <MemberNumbersInput
            label={membersLabel}
            description={t('fields.articleNumbers.description')}
            placeholder={t('fields.articleNumbers.placeholder')}
            value={f.value ?? []}
            onChange={f.onChange}
            onBlur={f.onBlur}
            error={listErrorText(errors.articleNumbers, numbers, errorText, membersLabel)}
          />
        )}
      />
      <Textarea {...field('notes')} {...register('notes')} autosize minRows={3} maxRows={8} maxLength={SEGMENT_NOTES_MAX} />
    </SegmentFormFrame>
  );
}
