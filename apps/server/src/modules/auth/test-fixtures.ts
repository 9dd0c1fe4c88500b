import type { Session } from '@fairway/shared';
import { eq } from 'drizzle-orm';
import type { App } from '../../app';
import { GOLF_CLUBS } from '../../db/seed/golf-clubs';
import { seedReferenceData } from '../../db/seed/reference-data';
import { hashPassword } from '../../lib/passwords';
import { ensureSystemRoles } from '../permissions/permissions.service';
import { memberships, userClubAccounts, users } from '../users/users.tables';
import { reachableClubAccounts } from './access';
import { passwordHistory } from './auth.tables';

/** Helpers for the auth tests (not loaded by the server). */

export const PASSWORD = 'Fairway#2024';
export const GOLF_CLUB = GOLF_CLUBS[0] as (typeof GOLF_CLUBS)[number];

export async function seedReference(app: App): Promise<void> {
  await seedReferenceData(app.db);
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}@example.se`;
}

export function newCustomerBody(overrides: Record<string, unknown> = {}) {
  return {
    customerType: 'new',
    name: 'Anna Lindqvist',
    email: uniqueEmail('owner'),
    phone: '070-123 45 67',
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    accountingProgram: 'fortnox',
    termsAccepted: true,
    packageId: 'standard',
    golfClubId: GOLF_CLUB.id,
    ...overrides,
  };
}

export function existingCustomerBody(overrides: Record<string, unknown> = {}) {
  return {
    customerType: 'existing',
    name: 'Björn Åkesson',
    email: uniqueEmail('existing'),
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    accountingProgram: 'visma_eekonomi',
    termsAccepted: true,
    customerNumber: `C${process.pid}${++counter}`,
    clubName: 'Gamla Kunders GK',
    ...overrides,
  };
}

export async function signupOwner(app: App, overrides: Record<string, unknown> = {}) {
  const body = newCustomerBody(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: body });
  if (response.statusCode !== 200) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  const session = (response.json() as { data: Session }).data;
  return { body, session, email: body.email as string, password: body.password as string };
}

/** A further member of the owner's organisation, written directly (the invite route is not ours). */
export async function addMember(
  app: App,
  organisationId: string,
  options: {
    role?: 'Owner' | 'Manager' | 'Accountant' | 'Staff' | 'Other';
    status?: 'active' | 'invited';
    password?: string | null;
    email?: string;
    name?: string;
  } = {},
) {
  const roles = await ensureSystemRoles(app.db, organisationId);
  const passwordHash = options.password === null ? null : await hashPassword(options.password ?? PASSWORD);
  const email = options.email ?? uniqueEmail(options.role?.toLowerCase() ?? 'member');
  const [owner] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.currentOrganisationId, organisationId))
    .limit(1);
  const clubs = owner ? await reachableClubAccounts(app.db, owner.id, organisationId) : [];
  const [user] = await app.db
    .insert(users)
    .values({ email, name: options.name ?? 'Karin Berg', passwordHash })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  if (passwordHash) await app.db.insert(passwordHistory).values({ userId: user.id, passwordHash });
  await app.db.insert(memberships).values({
    organisationId,
    userId: user.id,
    roleId: roles[options.role ?? 'Staff'],
    status: options.status ?? 'active',
  });
  for (const club of clubs) {
    await app.db.insert(userClubAccounts).values({ userId: user.id, clubAccountId: club.id, organisationId });
  }
  return { userId: user.id, email, password: options.password ?? PASSWORD };
}

export async function loginAs(app: App, email: string, password = PASSWORD, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
}

/**
 * A real SMTP peer on a free loopback port (smtp-server), parsing each message with mailparser.
 * `starttls: false` makes it a plain server that offers no TLS at all.
 */
export async function startSmtpPeer(options: { starttls?: boolean; rejectRecipients?: boolean } = {}) {
  const { SMTPServer } = await import('smtp-server');
  const { simpleParser } = await import('mailparser');
  const mails: ReceivedMail[] = [];
  const waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: options.starttls === false ? ['STARTTLS', 'AUTH'] : ['AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (options.rejectRecipients) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 450 });
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = [parsed.to].flat().flatMap((a) => (a ? a.value.map((v) => v.address ?? '') : []));
          const mail: ReceivedMail = {
            to,
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: parsed.headers as Map<string, unknown>,
          };
          mails.push(mail);
          for (const waiter of [...waiters]) {
            if (waiter.match(mail)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The first message (already received or arriving within `timeoutMs`) that matches. */
    waitFor(match: (m: ReceivedMail) => boolean, timeoutMs = 15_000): Promise<ReceivedMail> {
      const found = mails.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (m: ReceivedMail) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no matching e-mail within ${timeoutMs} ms (got ${mails.length})`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of an e-mailed link such as `http://…/reset-password?token=…`. */
export function linkFrom(text: string, path: string): { url: string; token: string } {
  const match = new RegExp(`(https?://\\S+${path}\\?token=([A-Za-z0-9_%-]+))`).exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`no ${path} link in: ${text}`);
  return { url: match[1], token: decodeURIComponent(match[2]) };
}
