import { describe, expect, it } from 'vitest';
import type { AccountingProvider, ProviderId } from '../../../providers/accounting/provider';
import { createRateLimiter, FORTNOX_RATE_LIMIT } from '../../../providers/accounting/rate-limiter';
import { createFortnoxProvider } from '../../../providers/fortnox/provider';
import { createVismaAdminProvider } from '../../../providers/visma-admin/provider';
import { createVismaEekonomiProvider } from '../../../providers/visma-eekonomi/provider';
import { actionFor, capabilitiesOf, PROGRAM_CAPABILITIES } from './plan';

const state = (booked: boolean, invoiced = false) => ({ booked, done: false, invoiced });

describe('what handling does', () => {
  const fortnox = PROGRAM_CAPABILITIES.fortnox;

  it('cancels unbooked invoices, credits booked ones, cancels orders unless invoiced, reverses vouchers', () => {
    expect(actionFor('invoice', fortnox, state(false))).toEqual({ action: 'cancel', manualKey: null });
    expect(actionFor('invoice', fortnox, state(true))).toEqual({ action: 'credit', manualKey: null });
    expect(actionFor('supplier_invoice', fortnox, state(false))).toEqual({ action: 'cancel', manualKey: null });
    expect(actionFor('supplier_invoice', fortnox, state(true))).toEqual({ action: 'credit', manualKey: null });
    expect(actionFor('order', fortnox, state(false))).toEqual({ action: 'cancel', manualKey: null });
    expect(actionFor('order', fortnox, state(false, true))).toEqual({
      action: 'manual',
      manualKey: 'duplicates.handling.manual.orderInvoiced',
    });
    expect(actionFor('voucher', fortnox, state(true))).toEqual({ action: 'reverse', manualKey: null });
    expect(actionFor('voucher', fortnox, null)).toEqual({
      action: 'manual',
      manualKey: 'duplicates.handling.manual.notInMirror',
    });
  });

  it('says what to do by hand where the program offers no safe write', () => {
    const admin = PROGRAM_CAPABILITIES.visma_administration;
    expect(actionFor('supplier_invoice', admin, state(true))).toEqual({
      action: 'manual',
      manualKey: 'duplicates.handling.manual.supplierInvoiceCredit',
    });
    expect(actionFor('voucher', admin, state(true)).manualKey).toBe('duplicates.handling.manual.voucherReverse');
    // Visma eEkonomi's invoices are booked when made: credited, never cancelled.
    expect(actionFor('invoice', PROGRAM_CAPABILITIES.visma_eekonomi, state(false)).manualKey).toBe(
      'duplicates.handling.manual.invoiceCancel',
    );
  });

  it('promises no write a provider does not implement', () => {
    const limiter = createRateLimiter({} as never, FORTNOX_RATE_LIMIT);
    const auth = { get: async () => '', refreshAfterRejection: async () => '' };
    const common = { apiBaseUrl: 'http://127.0.0.1:9', auth, limiter, rateKey: 'x' };
    const providers: Record<ProviderId, AccountingProvider> = {
      fortnox: createFortnoxProvider(common),
      visma_eekonomi: createVismaEekonomiProvider(common),
      visma_administration: createVismaAdminProvider({ queue: {} as never }),
    };
    for (const [program, provider] of Object.entries(providers) as [ProviderId, AccountingProvider][]) {
      const offered = capabilitiesOf(provider);
      const promised = PROGRAM_CAPABILITIES[program];
      for (const [resource, writes] of Object.entries(promised)) {
        for (const [write, yes] of Object.entries(writes)) {
          if (yes)
            expect(offered[resource as keyof typeof offered], `${program} ${resource} ${write}`).toMatchObject({ [write]: true });
        }
      }
    }
  });
});
