import type { ReceiptFailure, ReceiptSendOut } from '@fairway/shared';
import type { TFunction } from 'i18next';

/**
 * The truthful result of a send-out, e.g. "3 sent, 1 failed: no e-mail address". The
 * old 'Sent receipt successfully' is kept for a single receipt that really was sent.
 */
export function sendOutSummary(out: ReceiptSendOut, t: TFunction): { ok: boolean; text: string } {
  if (out.status === 'failed') {
    return { ok: false, text: t('send.runFailed', { sent: out.sent, error: out.error ?? '' }) };
  }
  if (out.failed === 0) {
    return { ok: true, text: out.sent === 1 ? t('send.sentOne') : t('send.sentMany', { count: out.sent }) };
  }
  const reasons = new Map<ReceiptFailure, number>();
  for (const f of out.failures) reasons.set(f.failure, (reasons.get(f.failure) ?? 0) + 1);
  const why = [...reasons.keys()].map((reason) => t(`failure.${reason}`)).join(', ');
  return { ok: false, text: t('send.result', { sent: out.sent, failed: out.failed, why }) };
}
