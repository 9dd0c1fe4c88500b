import { describe, expect, it } from 'vitest';
import { parseDeliveryReport } from './delivery-report';
import { formatElksDeliveredTime, formatElksTime, parseElksTime } from './wire';

const ID = 's70df59406a1b4643b96f3f91e0bfb7b0';

describe('parseDeliveryReport', () => {
  it('reads a delivered report with its UTC time, in either of 46elks’ time forms', () => {
    expect(parseDeliveryReport(`id=${ID}&status=delivered&delivered=2024-05-04T13%3A38%3A15.123000`)).toEqual({
      ok: true,
      report: { id: ID, status: 'delivered', deliveredAt: '2024-05-04T13:38:15.123Z' },
    });
    expect(parseDeliveryReport(`id=${ID}&status=delivered&delivered=2017-03-14T09:52:10Z`)).toEqual({
      ok: true,
      report: { id: ID, status: 'delivered', deliveredAt: '2017-03-14T09:52:10.000Z' },
    });
  });

  it('reads sent and failed reports, which carry no delivery time', () => {
    expect(parseDeliveryReport(`id=${ID}&status=sent`)).toEqual({
      ok: true,
      report: { id: ID, status: 'sent', deliveredAt: null },
    });
    expect(parseDeliveryReport(Buffer.from(`status=failed&id=${ID}`))).toEqual({
      ok: true,
      report: { id: ID, status: 'failed', deliveredAt: null },
    });
  });

  it('takes URLSearchParams and a body a form parser already read, and ignores unknown fields', () => {
    expect(parseDeliveryReport(new URLSearchParams({ id: ID, status: 'delivered', extra: 'x' }))).toEqual({
      ok: true,
      report: { id: ID, status: 'delivered', deliveredAt: null },
    });
    expect(parseDeliveryReport({ id: [ID, 'other'], status: 'Failed', token: 'abc' })).toEqual({
      ok: true,
      report: { id: ID, status: 'failed', deliveredAt: null },
    });
  });

  it('refuses a report without an id or a known status, and a delivered time that is no time', () => {
    expect(parseDeliveryReport('status=delivered')).toMatchObject({ ok: false });
    expect(parseDeliveryReport(`id=${encodeURIComponent('s1;drop')}&status=sent`)).toMatchObject({ ok: false });
    expect(parseDeliveryReport(`id=${ID}&status=created`)).toEqual({ ok: false, reason: 'unknown status created' });
    expect(parseDeliveryReport(`id=${ID}`)).toEqual({ ok: false, reason: 'unknown status (none)' });
    expect(parseDeliveryReport(`id=${ID}&status=delivered&delivered=yesterday`)).toMatchObject({ ok: false });
    expect(parseDeliveryReport({ id: 5, status: 'sent' })).toMatchObject({ ok: false });
  });
});

describe('46elks timestamps', () => {
  it('are read as UTC with or without a zone, and written in both of 46elks’ forms', () => {
    expect(parseElksTime('2018-02-14T09:52:07.302000')?.toISOString()).toBe('2018-02-14T09:52:07.302Z');
    expect(parseElksTime('2018-02-14T09:52:07')?.toISOString()).toBe('2018-02-14T09:52:07.000Z');
    expect(parseElksTime('2018-02-14T09:52:07.3+00:00')?.toISOString()).toBe('2018-02-14T09:52:07.300Z');
    expect(parseElksTime('2018-02-30T09:52:07')).toBeNull();
    expect(parseElksTime('2018-02-14T09:52:07+02:00')).toBeNull();
    const at = new Date('2024-05-04T13:37:42.314Z');
    expect(formatElksTime(at)).toBe('2024-05-04T13:37:42.314000');
    expect(formatElksDeliveredTime(at)).toBe('2024-05-04T13:37:42Z');
    expect(parseElksTime(formatElksTime(at))?.getTime()).toBe(at.getTime());
  });
});
