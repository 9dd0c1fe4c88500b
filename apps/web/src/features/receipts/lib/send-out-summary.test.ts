import type { ReceiptSendOut } from '@fairway/shared';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { sendOutSummary } from './send-out-summary';

const out = (over: Partial<ReceiptSendOut>): ReceiptSendOut => ({
  id: '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  status: 'succeeded',
  total: 0,
  error: null,
  queued: 0,
  sent: 0,
  failed: 0,
  done: true,
  failures: [],
  ...over,
});
const t = () => i18n.getFixedT(null, 'receipts');

describe('the result of a send-out', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it("says 'Sent receipt successfully' only when the one receipt was sent", () => {
    expect(sendOutSummary(out({ sent: 1 }), t())).toEqual({ ok: true, text: 'Sent receipt successfully' });
    expect(sendOutSummary(out({ sent: 3 }), t())).toEqual({ ok: true, text: '3 receipts sent' });
  });

  it('counts failures and names each reason once', () => {
    const failures = [
      { invoiceNumber: '1', customerName: 'A', failure: 'no_email' as const, error: null },
      { invoiceNumber: '2', customerName: 'B', failure: 'no_email' as const, error: null },
      { invoiceNumber: '3', customerName: 'C', failure: 'smtp' as const, error: '450 Mailbox unavailable' },
    ];
    expect(sendOutSummary(out({ sent: 3, failed: 3, failures }), t())).toEqual({
      ok: false,
      text: '3 sent, 3 failed: no e-mail address, the mail server refused the message',
    });
    expect(sendOutSummary(out({ failed: 1, failures: failures.slice(0, 1) }), t()).ok).toBe(false);
  });

  it('says so when the send-out itself stopped, with its reason', () => {
    const stopped = out({ status: 'failed', sent: 2, error: 'An unexpected error occurred' });
    expect(sendOutSummary(stopped, t())).toEqual({
      ok: false,
      text: 'The send-out stopped after 2 sent: An unexpected error occurred',
    });
  });
});
