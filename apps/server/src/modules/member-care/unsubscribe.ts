import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Lang, SendoutChannel } from '@fairway/shared';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { logEvent } from '../eventlogs/eventlogs.service';
import { memberOfOrganisationExists as memberExistsIn } from '../members/members.repository';
import { insertUnsubscribe } from './member-care.repository';

const memberExists = (db: Db, c: UnsubscribeClaims) => memberExistsIn(db, c.organisationId, c.memberId);

/**
 * Unsubscribing (docs/member-care.md#unsubscribing): every member e-mail carries a link and a
 * `List-Unsubscribe` header with a token that names the organisation, the member, the channel
 * and the send-out, signed with a key derived from the server secret, so no sign-in is needed
 * and nobody can unsubscribe someone else by guessing.
 */

export const UNSUBSCRIBE_PATH = '/member_care/unsubscribe';

export interface UnsubscribeClaims {
  organisationId: string;
  memberId: string;
  channel: SendoutChannel;
  sendoutId: string | null;
}

/** The derived key per secret (one secret per process): derived once, not per link. */
const keys = new Map<string, Buffer>();
const keyOf = (secret: string) => {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'fairway', 'fairway:member-care-unsubscribe', 32));
    keys.set(secret, key);
  }
  return key;
};

/** 128 bits of HMAC-SHA256: plenty against guessing, and the link stays short. */
const sign = (secret: string, payload: string) =>
  createHmac('sha256', keyOf(secret)).update(payload).digest().subarray(0, 16).toString('base64url');

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * The token of a member's unsubscribe link, `<payload>.<signature>` in base64url: the payload is
 * the channel (one byte), the organisation's, member's and, when there is one, send-out's ids (16
 * bytes each), about 90 characters in all.
 */
export function unsubscribeToken(secret: string, claims: UnsubscribeClaims): string {
  const payload = Buffer.concat([
    Buffer.from([claims.channel === 'email' ? 1 : 2]),
    uuidBytes(claims.organisationId),
    uuidBytes(claims.memberId),
    ...(claims.sendoutId ? [uuidBytes(claims.sendoutId)] : []),
  ]).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The claims of a token this server signed, or null. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeClaims | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || token.length > 200) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length !== 33 && bytes.length !== 49) return null;
  const channel = bytes[0] === 1 ? 'email' : bytes[0] === 2 ? 'sms' : null;
  if (!channel) return null;
  return {
    channel,
    organisationId: uuidOf(bytes.subarray(1, 17)),
    memberId: uuidOf(bytes.subarray(17, 33)),
    sendoutId: bytes.length === 49 ? uuidOf(bytes.subarray(33, 49)) : null,
  };
}

/** The address of a member's unsubscribe page (and of the one-click POST). */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/v1${UNSUBSCRIBE_PATH}/${encodeURIComponent(token)}`;
}

/** Stores the unsubscribe of a valid token (a repeat changes nothing); an invalid one is 404. */
export async function unsubscribe(
  db: Db,
  secret: string,
  token: string,
  source: 'link' | 'one-click',
): Promise<UnsubscribeClaims> {
  const claims = readUnsubscribeToken(secret, token);
  if (!claims) throw new NotFoundError('memberCare.unsubscribeInvalid');
  if (!(await memberExists(db, claims))) return claims; // deleted since: nothing reaches them any more anyway
  await db.transaction(async (tx) => {
    if (!(await insertUnsubscribe(tx, { ...claims, source }))) return;
    await logEvent(tx, {
      organisationId: claims.organisationId,
      resource: 'email',
      activity: claims.channel === 'email' ? 'memberCare.event.unsubscribedEmail' : 'memberCare.event.unsubscribedSms',
      type: 'INFO',
    });
  });
  return claims;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The page the link opens: a button that confirms (a link checker's GET changes nothing), then the answer. */
export function unsubscribePage(lang: Lang, state: 'confirm' | 'done', action: string): string {
  const title = t(`memberCare.unsubscribe.${state}.title`, lang);
  const text = t(`memberCare.unsubscribe.${state}.text`, lang);
  const form =
    state === 'confirm'
      ? `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(t('memberCare.unsubscribe.button', lang))}</button></form>`
      : '';
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:Arial,Helvetica,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2a24}
button{font-size:1rem;padding:.6rem 1.2rem;background:#1d6b43;color:#fff;border:0;border-radius:4px;cursor:pointer}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${form}</main></body></html>`;
}
