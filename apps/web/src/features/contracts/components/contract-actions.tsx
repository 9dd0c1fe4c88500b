import {
  CONTRACT_TAG_MAX_LENGTH,
  CONTRACT_TAGS_MAX,
  type Contract,
  type ContractInvoice,
  encodeMessage,
  PRICE_CHANGE_MAX_PERCENT,
  PRICE_CHANGE_MIN_PERCENT,
  priceChangeBodySchema,
  scheduleCancellationBodySchema,
  stockholmToday,
} from '@fairway/shared';
import { Alert, Button, Group, Menu, Modal, NumberInput, Stack, TagsInput, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconCalendarOff,
  IconCalendarX,
  IconChevronDown,
  IconFileInvoice,
  IconPercentage,
  IconPlayerStop,
  IconTags,
} from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { refusalText } from '../../../components/list/list-states';
import { formatDate } from '../../../lib/dates';
import { useFieldErrorText } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { contractActions, useContractAction } from '../api/contract-actions';
import { useContractTags } from '../api/list-contract-tags';
import { useContractSchedules } from '../api/list-schedules';
import { formatPercentChange } from '../lib/format';
import { ScheduleTable } from './contract-schedules';

type Dialog = 'cancellation' | 'priceChange' | 'tags' | null;

/** The message of a client-side check, in the reader's language. */
function useMessage() {
  const errorText = useFieldErrorText();
  return (message: string | undefined, label: string) => (message ? errorText({ type: 'validate', message }, label) : undefined);
}

interface DialogProps {
  contract: Contract;
  opened: boolean;
  onClose: () => void;
}

/** Schedule the cancellation on a date from today on; the daily job ends the contract then. */
function CancellationDialog({ contract, opened, onClose }: DialogProps) {
  const { t, i18n } = useTranslation('contracts');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const message = useMessage();
  const today = stockholmToday();
  const [date, setDate] = useState(contract.cancellationDate ?? '');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const action = useContractAction(contract.id, (id, value: string) => contractActions.scheduleCancellation(id, value));
  const label = t('actions.cancellation.date');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = scheduleCancellationBodySchema.safeParse({ date });
    if (!parsed.success || !date) {
      setError(message(parsed.error?.issues[0]?.message ?? encodeMessage('required'), label));
      return;
    }
    if (date < today) {
      setError(message(encodeMessage('date_not_past'), label));
      return;
    }
    setError(undefined);
    try {
      await action.mutateAsync([date]);
      notifySuccess(t('actions.cancellation.done', { number: contract.number, date: formatDate(date, lang) }));
      onClose();
    } catch (refusal) {
      setFailure(refusalText(refusal));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('actions.cancellation.title', { number: contract.number })} centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text fz="sm">{t('actions.cancellation.text')}</Text>
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <DateField
            label={label}
            value={date}
            // Days before today are off in the calendar; one typed is refused with its own message.
            excludeDate={(day) => day < today}
            onChange={(next) => {
              setDate(next);
              setError(undefined);
            }}
            error={error}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" color="red" loading={action.isPending}>
              {t('actions.cancellation.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Raise or lower every row's price by a percent (two decimals) on a date; the scheduled ones are listed. */
function PriceChangeDialog({ contract, opened, onClose }: DialogProps) {
  const { t, i18n } = useTranslation('contracts');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const message = useMessage();
  const today = stockholmToday();
  const [percent, setPercent] = useState<number | string>('');
  const [date, setDate] = useState('');
  const [errors, setErrors] = useState<{ percent?: string; effectiveOn?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const schedules = useContractSchedules('pending', opened);
  const scheduled = (schedules.data ?? []).filter((item) => item.kind === 'priceChange' && item.contractId === contract.id);
  const action = useContractAction(contract.id, (id, body: { percent: number; effectiveOn: string }) =>
    contractActions.priceChange(id, body),
  );
  const labels = { percent: t('actions.priceChange.percent'), effectiveOn: t('actions.priceChange.date') };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const value = typeof percent === 'number' ? percent : Number(String(percent).replace(',', '.'));
    const body = { percent: percent === '' || !Number.isFinite(value) ? undefined : value, effectiveOn: date };
    const parsed = priceChangeBodySchema.safeParse(body);
    const next: typeof errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof typeof errors;
        next[key] ??= message(issue.message, labels[key]);
      }
    }
    if (!next.effectiveOn && date && date < today) next.effectiveOn = message(encodeMessage('date_not_past'), labels.effectiveOn);
    setErrors(next);
    if (!parsed.success || next.effectiveOn) return;
    try {
      await action.mutateAsync([parsed.data]);
      notifySuccess(
        t('actions.priceChange.done', {
          number: contract.number,
          percent: formatPercentChange(Math.round(parsed.data.percent * 100), lang),
          date: formatDate(parsed.data.effectiveOn, lang),
        }),
      );
      setPercent('');
      setDate('');
      onClose();
    } catch (refusal) {
      setFailure(refusalText(refusal));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('actions.priceChange.title', { number: contract.number })}
      centered
      size="lg"
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text fz="sm">{t('actions.priceChange.text')}</Text>
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group grow align="flex-start">
            <NumberInput
              label={labels.percent}
              description={t('actions.priceChange.percentHint')}
              value={percent}
              onChange={(value) => {
                setPercent(value);
                setErrors((current) => ({ ...current, percent: undefined }));
              }}
              min={PRICE_CHANGE_MIN_PERCENT}
              max={PRICE_CHANGE_MAX_PERCENT}
              clampBehavior="none"
              decimalScale={2}
              decimalSeparator={lang === 'en' ? '.' : ','}
              allowNegative
              suffix=" %"
              inputMode="decimal"
              error={errors.percent}
              required
              data-autofocus
            />
            <DateField
              label={labels.effectiveOn}
              description={t('actions.priceChange.dateHint')}
              value={date}
              excludeDate={(day) => day < today}
              onChange={(next) => {
                setDate(next);
                setErrors((current) => ({ ...current, effectiveOn: undefined }));
              }}
              error={errors.effectiveOn}
              required
            />
          </Group>
          <Stack gap={6}>
            <Text fz="sm" fw={600}>
              {t('actions.priceChange.scheduled')}
            </Text>
            {scheduled.length > 0 ? (
              <ScheduleTable items={scheduled} withContract={false} label={t('actions.priceChange.scheduled')} />
            ) : (
              <Text fz="sm" c="dimmed">
                {schedules.isLoading ? t('schedules.loading') : t('actions.priceChange.noneScheduled')}
              </Text>
            )}
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={action.isPending}>
              {t('actions.priceChange.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The contract's tags (kept by the portal only), suggesting the tags other contracts carry. */
function TagsDialog({ contract, opened, onClose }: DialogProps) {
  const { t } = useTranslation('contracts');
  const [tags, setTags] = useState<string[]>(contract.tags);
  const inUse = useContractTags();
  const [failure, setFailure] = useState<string | null>(null);
  const action = useContractAction(contract.id, (id, value: string[]) => contractActions.tags(id, value));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await action.mutateAsync([tags]);
      notifySuccess(t('actions.tags.done', { number: contract.number }));
      onClose();
    } catch (refusal) {
      setFailure(refusalText(refusal));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('actions.tags.title', { number: contract.number })} centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <TagsInput
            label={t('actions.tags.label')}
            description={t('actions.tags.hint', { max: CONTRACT_TAGS_MAX })}
            value={tags}
            onChange={(next) => setTags(next.map((tag) => tag.trim().slice(0, CONTRACT_TAG_MAX_LENGTH)).filter(Boolean))}
            maxTags={CONTRACT_TAGS_MAX}
            data={inUse.data?.map((usage) => usage.name) ?? []}
            clearable
            splitChars={[',']}
            acceptValueOnBlur
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={action.isPending}>
              {t('actions.tags.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export interface ContractActionsProps {
  contract: Contract;
  /** The invoice made from the contract, to link to it. */
  onInvoiceCreated: (invoice: ContractInvoice) => void;
}

/**
 * "Actions" on a contract (docs/accounting-data.md#contracts): only those its status allows (`contract.actions`), each
 * confirmed — terminate, schedule or clear the cancellation, a price change, tags, and an
 * invoice of the next period.
 */
export function ContractActions({ contract, onInvoiceCreated }: ContractActionsProps) {
  const { t, i18n } = useTranslation('contracts');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const [dialog, setDialog] = useState<Dialog>(null);
  const allowed = new Set(contract.actions);
  const terminate = useContractAction(contract.id, (id) => contractActions.terminate(id));
  const clearCancellation = useContractAction(contract.id, (id) => contractActions.scheduleCancellation(id, null));
  const invoice = useContractAction(contract.id, (id) => contractActions.createInvoice(id, contract.lastInvoiceDate));
  const busy = terminate.isPending || clearCancellation.isPending || invoice.isPending;

  const confirm = (options: { title: string; text: string; label: string; danger?: boolean; run: () => Promise<unknown> }) =>
    modals.openConfirmModal({
      title: options.title,
      centered: true,
      children: <Text fz="sm">{options.text}</Text>,
      labels: { confirm: options.label, cancel: t('actions.cancel') },
      confirmProps: { color: options.danger ? 'red' : undefined },
      onConfirm: () => {
        options.run().catch((error: unknown) => notifyError(refusalText(error)));
      },
    });

  const items = [
    allowed.has('createInvoice') ? (
      <Menu.Item
        key="invoice"
        leftSection={<IconFileInvoice size={16} aria-hidden="true" />}
        onClick={() =>
          confirm({
            title: t('actions.invoice.title', { number: contract.number }),
            text: t('actions.invoice.text'),
            label: t('actions.invoice.confirm'),
            run: async () => {
              const created = await invoice.mutateAsync([]);
              notifySuccess(t('actions.invoice.done', { number: created.number }));
              onInvoiceCreated(created);
            },
          })
        }
      >
        {t('actions.invoice.menu')}
      </Menu.Item>
    ) : null,
    allowed.has('priceChange') ? (
      <Menu.Item
        key="price"
        leftSection={<IconPercentage size={16} aria-hidden="true" />}
        onClick={() => setDialog('priceChange')}
      >
        {t('actions.priceChange.menu')}
      </Menu.Item>
    ) : null,
    allowed.has('tags') ? (
      <Menu.Item key="tags" leftSection={<IconTags size={16} aria-hidden="true" />} onClick={() => setDialog('tags')}>
        {t('actions.tags.menu')}
      </Menu.Item>
    ) : null,
    allowed.has('scheduleCancellation') ? (
      <Menu.Item
        key="cancel"
        leftSection={<IconCalendarX size={16} aria-hidden="true" />}
        onClick={() => setDialog('cancellation')}
      >
        {contract.cancellationDate ? t('actions.cancellation.menuChange') : t('actions.cancellation.menu')}
      </Menu.Item>
    ) : null,
    allowed.has('scheduleCancellation') && contract.cancellationDate ? (
      <Menu.Item
        key="clear"
        leftSection={<IconCalendarOff size={16} aria-hidden="true" />}
        onClick={() =>
          confirm({
            title: t('actions.clearCancellation.title', { number: contract.number }),
            text: t('actions.clearCancellation.text', { date: formatDate(contract.cancellationDate, lang) }),
            label: t('actions.clearCancellation.confirm'),
            run: async () => {
              await clearCancellation.mutateAsync([]);
              notifySuccess(t('actions.clearCancellation.done', { number: contract.number }));
            },
          })
        }
      >
        {t('actions.clearCancellation.menu')}
      </Menu.Item>
    ) : null,
    allowed.has('terminate') ? (
      <Menu.Item
        key="terminate"
        color="red"
        leftSection={<IconPlayerStop size={16} aria-hidden="true" />}
        onClick={() =>
          confirm({
            title: t('actions.terminate.title', { number: contract.number }),
            text: t('actions.terminate.text', { name: contract.customerName }),
            label: t('actions.terminate.confirm'),
            danger: true,
            run: async () => {
              await terminate.mutateAsync([]);
              notifySuccess(t('actions.terminate.done', { number: contract.number }));
            },
          })
        }
      >
        {t('actions.terminate.menu')}
      </Menu.Item>
    ) : null,
  ].filter(Boolean);

  if (items.length === 0) return null;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" rightSection={<IconChevronDown size={14} aria-hidden="true" />} loading={busy}>
            {t('actions.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>{items}</Menu.Dropdown>
      </Menu>
      {/* Mounted while open only, so each opening starts from the contract as it is now. */}
      {dialog === 'cancellation' ? <CancellationDialog contract={contract} opened onClose={() => setDialog(null)} /> : null}
      {dialog === 'priceChange' ? <PriceChangeDialog contract={contract} opened onClose={() => setDialog(null)} /> : null}
      {dialog === 'tags' ? <TagsDialog contract={contract} opened onClose={() => setDialog(null)} /> : null}
    </>
  );
}
