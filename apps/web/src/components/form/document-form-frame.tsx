import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFrame, type FormFrameProps } from '../form-section';

export interface DocumentFormFrameProps {
  /** The feature's message namespace, with `form.readOnly`, `form.failedTitle`, `form.back`, `form.create`, `form.save`. */
  ns: string;
  /** The form's accessible name. */
  label: string;
  /** The document is new: the save button says create (`form.create`), else save (`form.save`). */
  creating: boolean;
  /** `submitLabel` in place of create / save. */
  submitLabel?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  readOnly: boolean;
  /** Why the form is read-only, in place of `form.readOnly`. */
  readOnlyText?: string;
  /** The last save's refusal: its text (under `form.failedTitle`), or the whole alert. */
  failure: ReactNode | FormFrameProps['failure'];
  submitting: boolean;
  /** The list the form came from, for the back button. */
  backTo: string;
  children: ReactNode;
}

const isAlert = (failure: DocumentFormFrameProps['failure']): failure is NonNullable<FormFrameProps['failure']> =>
  typeof failure === 'object' && failure !== null && 'content' in failure && 'title' in failure;

/**
 * `FormFrame` with a document form's own texts (customer, article, contract, invoice, member): the
 * read-only notice, the refusal's title, back, and create or save, all from the feature's namespace.
 */
export function DocumentFormFrame({
  ns,
  label,
  creating,
  submitLabel,
  onSubmit,
  readOnly,
  readOnlyText,
  failure,
  submitting,
  backTo,
  children,
}: DocumentFormFrameProps) {
  const { t } = useTranslation(ns);
  return (
    <FormFrame
      label={label}
      onSubmit={onSubmit}
      readOnlyNotice={readOnly ? (readOnlyText ?? t('form.readOnly')) : null}
      failure={isAlert(failure) ? failure : failure ? { title: t('form.failedTitle'), content: failure } : null}
      submitting={submitting}
      backTo={backTo}
      backLabel={t('form.back')}
      submitLabel={submitLabel ?? (creating ? t('form.create') : t('form.save'))}
    >
      {children}
    </FormFrame>
  );
}
