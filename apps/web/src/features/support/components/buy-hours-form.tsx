import {
  BILLING_PRICES_ORE,
  BILLING_VAT_RATE,
  type BuySupportHoursBody,
  type BuySupportHoursInput,
  buySupportHoursBodySchema,
  formatSek,
  SUPPORT_HOURS_MAX,
  SUPPORT_HOURS_STEP,
  type SupportHoursPurchase,
  supportHoursPrice,
} from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Modal, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconClockPlus, IconReceipt2 } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applyFormErrors, useFieldErrorText } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useBuySupportHours } from '../api/buy-support-hours';
import { formatHours, useLang } from '../lib/format';

/** Where the organisation's billings are listed. */
export const BILLING_PATH = '/dashboard/configuration/settings?tab=billing';

function PriceLines({ hours }: { hours: number }) {
  const { t } = useTranslation('support');
  const lang = useLang();
  const valid = Number.isFinite(hours) && hours > 0;
  const price = supportHoursPrice(valid ? hours : 0);
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" aria-live="polite">
      <div>
        <Text fz="xs" c="dimmed">
          {t('hours.exVat')}
        </Text>
        <Text fw={600} data-testid="support-hours-ex-vat">
          {formatSek(price.exVatOre, lang)}
        </Text>
      </div>
      <div>
        <Text fz="xs" c="dimmed">
          {t('hours.vat', { rate: BILLING_VAT_RATE })}
        </Text>
        <Text fw={600}>{formatSek(price.vatOre, lang)}</Text>
      </div>
      <div>
        <Text fz="xs" c="dimmed">
          {t('hours.inclVat')}
        </Text>
        <Text fw={600}>{formatSek(price.totalOre, lang)}</Text>
      </div>
    </SimpleGrid>
  );
}

/**
 * Buy personal support by the hour (1500 kr ex VAT per hour, decimal hours; docs/help.md#support). The price
 * follows the hours as they are typed; buying is confirmed in a dialog first, and the hours land
 * on the organisation's next billing.
 */
export function BuyHoursForm({ canBuy }: { canBuy: boolean }) {
  const { t } = useTranslation('support');
  const lang = useLang();
  const errorText = useFieldErrorText();
  const buy = useBuySupportHours();
  const [pending, setPending] = useState<BuySupportHoursBody | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [bought, setBought] = useState<SupportHoursPurchase | null>(null);
  const { control, handleSubmit, setError, watch, formState } = useForm<BuySupportHoursInput, unknown, BuySupportHoursBody>({
    resolver: zodResolver(buySupportHoursBodySchema),
    defaultValues: { hours: 1 },
    mode: 'onTouched',
  });
  const hours = Number(watch('hours'));
  const label = t('hours.fields.hours');

  const confirm = async () => {
    if (!pending) return;
    setFailure(null);
    try {
      const purchase = await buy.mutateAsync(pending);
      setBought(purchase);
      notifySuccess(t('hours.bought', { hours: formatHours(purchase.hours, lang), amount: formatSek(purchase.exVatOre, lang) }));
    } catch (error) {
      setFailure(applyFormErrors(error, setError, ['hours']).message);
    } finally {
      setPending(null);
    }
  };

  if (!canBuy) {
    return (
      <Alert color="gray" title={t('hours.ownerOnlyTitle')}>
        {t('hours.ownerOnly', { price: formatSek(BILLING_PRICES_ORE.supportPerHour, lang) })}
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      <form
        noValidate
        aria-labelledby="support-hours-heading"
        onSubmit={handleSubmit((body) => {
          setBought(null);
          setFailure(null);
          setPending(body);
        })}
      >
        <Stack gap="md">
          <Controller
            control={control}
            name="hours"
            render={({ field }) => (
              <NumberInput
                ref={field.ref}
                name={field.name}
                value={field.value as number | string}
                onBlur={field.onBlur}
                // An emptied field is "no number" for the schema, not zero.
                onChange={(value) => field.onChange(value === '' ? undefined : typeof value === 'string' ? Number.NaN : value)}
                label={label}
                description={t('hours.fields.hoursHint', {
                  price: formatSek(BILLING_PRICES_ORE.supportPerHour, lang),
                  max: SUPPORT_HOURS_MAX,
                })}
                error={errorText(formState.errors.hours, label)}
                withAsterisk
                min={SUPPORT_HOURS_STEP}
                max={SUPPORT_HOURS_MAX}
                // Out-of-range figures stay as typed so the field can say what is wrong with them.
                clampBehavior="none"
                step={SUPPORT_HOURS_STEP}
                decimalScale={2}
                decimalSeparator={lang === 'sv' ? ',' : '.'}
                allowNegative={false}
                maw={240}
              />
            )}
          />
          <Paper withBorder radius="md" p="sm">
            <PriceLines hours={hours} />
          </Paper>
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" leftSection={<IconClockPlus size={16} aria-hidden="true" />}>
              {t('hours.submit')}
            </Button>
          </Group>
        </Stack>
      </form>

      {bought ? (
        <Alert color="green" role="status" title={t('hours.confirmedTitle')} icon={<IconReceipt2 size={18} aria-hidden="true" />}>
          <Stack gap={4}>
            <Text fz="sm">
              {t('hours.confirmed', {
                hours: formatHours(bought.hours, lang),
                exVat: formatSek(bought.exVatOre, lang),
                total: formatSek(bought.totalOre, lang),
              })}
            </Text>
            <Anchor component={Link} to={BILLING_PATH} fz="sm">
              {t('hours.billingLink')}
            </Anchor>
          </Stack>
        </Alert>
      ) : null}

      <Modal opened={pending !== null} onClose={() => setPending(null)} title={t('hours.confirmTitle')} centered>
        {pending ? (
          <Stack gap="md">
            <Text>{t('hours.confirmText', { hours: formatHours(pending.hours, lang) })}</Text>
            <PriceLines hours={pending.hours} />
            <Text fz="sm" c="dimmed">
              {t('hours.confirmBilling')}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPending(null)}>
                {t('hours.cancel')}
              </Button>
              <Button onClick={confirm} loading={buy.isPending}>
                {t('hours.confirm')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
