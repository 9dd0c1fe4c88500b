import { z } from 'zod';
import type { ApiResult } from './api';
import type { VismaFaults } from './faults';

/**
 * The simulator's own control paths, on its origin (never the portal's API): what a company can
 * do on Visma's side that no API call does — withdraw the app's consent — and the faults an
 * operator or a browser test arms while the portal runs as its own process.
 *
 * - `POST /simulator/revoke-consent`: every token stops working; refreshes answer invalid_grant.
 *   Giving consent again on the consent page lifts it.
 * - `POST /simulator/faults` `{ times, status, method?, path? }`: the next `times` API requests
 *   matching `method` and the `path` substring answer `status` (as `failNext`).
 * - `DELETE /simulator/faults`: forgets every armed fault.
 */
export const CONTROL_PREFIX = '/simulator/';

const failNextBody = z.strictObject({
  times: z.number().int().min(1).max(1000),
  status: z.union([z.literal(429), z.literal(500), z.literal(502), z.literal(503), z.literal(504)]),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE']).optional(),
  path: z.string().min(1).max(200).optional(),
  retryAfterSeconds: z.number().int().min(0).max(3600).optional(),
});

const noContent: ApiResult = { status: 204, empty: true };

export function handleControl(faults: VismaFaults, method: string, pathname: string, rawBody: string): ApiResult {
  const path = pathname.slice(CONTROL_PREFIX.length);
  if (path === 'revoke-consent' && method === 'POST') {
    faults.revokeConsent();
    return noContent;
  }
  if (path === 'faults' && method === 'POST') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody || 'null');
    } catch {
      return { status: 400, json: { error: 'The body is not JSON.' } };
    }
    const body = failNextBody.safeParse(parsed);
    if (!body.success) return { status: 400, json: { error: z.prettifyError(body.error) } };
    const { times, status, ...match } = body.data;
    faults.failNext(times, status, match);
    return noContent;
  }
  if (path === 'faults' && method === 'DELETE') {
    faults.reset();
    return noContent;
  }
  return { status: 404, json: { error: 'not_found' } };
}
