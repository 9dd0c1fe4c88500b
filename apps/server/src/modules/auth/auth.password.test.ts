import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  bearer,
  linkFrom,
  loginAs,
  PASSWORD,
  seedReference,
  signupOwner,
  startSmtpPeer,
} from '../../../test/fixtures/auth';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { dispatchEmails } from '../email/email.service';
import { emailOutbox } from '../email/email.tables';
import { memberships, users } from '../users/users.tables';
import { createInvitation, RESET_REQUESTS_PER_HOUR } from './auth.service';
import { oneTimeTokens } from './auth.tables';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

beforeAll(async () => {
  // A real SMTP peer that offers STARTTLS with a self-signed certificate, as local catchers do.
  smtp = await startSmtpPeer();
  t = await createTestApp({ RUN_WORKERS: true, SMTP_URL: smtp.url, PUBLIC_URL: 'http://fairway.test' });
  await seedReference(t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (url: string, payload: Record<string, unknown>, lang: 'sv' | 'en' = 'sv', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers: { 'accept-language': lang, ...headers } });
const tokenInfo = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/auth/password/token?token=${encodeURIComponent(token)}` });

const NEW_PASSWORD = 'Greens&Fairways9';

async function requestReset(email: string, lang: 'sv' | 'en' = 'sv') {
  const res = await post('/auth/password/reset', { email }, lang);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ data: { success: true } });
  const mail = await smtp.waitFor((m) => m.to.includes(email) && m.text.includes('/reset-password?token=') && !used.has(m));
  used.add(mail);
  return { mail, ...linkFrom(mail.text, '/reset-password') };
}
const used = new Set<unknown>();

describe('forgot password → e-mailed link → new password', () => {
  it('goes end to end through a real SMTP peer', async () => {
    const owner = await signupOwner(t.app);
    const welcome = await smtp.waitFor((m) => m.to.includes(owner.email) && m.subject === 'Välkommen till Fairway');
    expect(welcome.from).toContain('no-reply@fairway.se');

    const { mail, url, token } = await requestReset(owner.email);
    expect(mail.subject).toBe('Återställ ditt lösenord till Fairway');
    expect(url).toBe(`http://fairway.test/reset-password?token=${token}`);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain('60 minuter');

    const info = await tokenInfo(token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      data: {
        purpose: 'password_reset',
        email: owner.email,
        name: 'Anna Lindqvist',
        organisationName: owner.session.user.organisation.name,
      },
    });

    // The current password counts as an earlier one; the refusal does not use up the link.
    const reused = await post(
      '/auth/password/update_password',
      { token, password: PASSWORD, passwordConfirmation: PASSWORD },
      'en',
    );
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toEqual({ password: ['The new password must differ from your earlier passwords'] });

    const done = await post('/auth/password/update_password', {
      token,
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    expect(done.statusCode).toBe(200);
    const session = done.json().data;
    expect(session.user.email).toBe(owner.email);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/jwt/logout', headers: bearer(session.accessToken) })).statusCode,
    ).toBe(200);

    // Single use.
    const again = await post('/auth/password/update_password', {
      token,
      password: 'Another#Pass77',
      passwordConfirmation: 'Another#Pass77',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: 'Länken är ogiltig, har redan använts eller har gått ut',
      eng_message: 'The link is invalid, has already been used or has expired',
      error: 'Länken är ogiltig, har redan använts eller har gått ut',
    });
    expect((await tokenInfo(token)).statusCode).toBe(400);

    // Every earlier sign-in ended; the new password works and the old one does not.
    expect((await post('/jwt/refresh-token', { refreshToken: owner.session.refreshToken })).statusCode).toBe(401);
    expect((await loginAs(t.app, owner.email, PASSWORD, '10.30.0.1')).statusCode).toBe(400);
    expect((await loginAs(t.app, owner.email, NEW_PASSWORD, '10.30.0.1')).statusCode).toBe(200);

    const notice = await smtp.waitFor(
      (m) => m.to.includes(owner.email) && m.subject === 'Ditt lösenord till Fairway har ändrats',
    );
    expect(notice.text).toContain('http://fairway.test/forgot-password');
    // The outbox records the delivery (just after the peer has the message).
    await expect
      .poll(async () => {
        const rows = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, owner.email));
        return rows.map((r) => `${r.template}:${r.status}:${r.attempts}:${r.sentAt ? 'at' : '-'}`).sort();
      })
      .toEqual(['password_changed:sent:1:at', 'password_reset:sent:1:at', 'welcome:sent:1:at']);
  });

  it('refuses every earlier password, not only the current one', async () => {
    const owner = await signupOwner(t.app);
    const first = await requestReset(owner.email);
    expect(
      (
        await post('/auth/password/update_password', {
          token: first.token,
          password: NEW_PASSWORD,
          passwordConfirmation: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    const second = await requestReset(owner.email, 'en');
    expect(second.mail.subject).toBe('Reset your Fairway password');
    const res = await post(
      '/auth/password/update_password',
      { token: second.token, password: PASSWORD, passwordConfirmation: PASSWORD },
      'sv',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ password: ['Det nya lösenordet måste skilja sig från tidigare lösenord'] });
  });

  it('refuses an expired link', async () => {
    const owner = await signupOwner(t.app);
    const { token } = await requestReset(owner.email);
    const [user] = await t.app.db.select().from(users).where(eq(users.email, owner.email));
    await t.app.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user!.id));
    expect((await tokenInfo(token)).statusCode).toBe(400);
    const res = await post('/auth/password/update_password', {
      token,
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect((await loginAs(t.app, owner.email, PASSWORD, '10.30.0.2')).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly like a known one and sends nothing', async () => {
    const email = 'nobody.here@example.se';
    const res = await post('/auth/password/reset', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { success: true } });
    const [row] = await t.app.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(row?.n).toBe(0);
  });

  it(`sends at most ${RESET_REQUESTS_PER_HOUR} links an hour per account, answering alike`, async () => {
    const owner = await signupOwner(t.app);
    for (let i = 0; i < RESET_REQUESTS_PER_HOUR + 2; i++) {
      expect((await post('/auth/password/reset', { email: owner.email })).json()).toEqual({ data: { success: true } });
    }
    const [row] = await t.app.db
      .select({ n: count() })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, owner.email), eq(emailOutbox.template, 'password_reset')));
    expect(row?.n).toBe(RESET_REQUESTS_PER_HOUR);
  });

  it('refuses an unknown token', async () => {
    expect((await tokenInfo('not-a-real-token')).statusCode).toBe(400);
  });
});

describe('invitation → complete profile', () => {
  it('sets name and password, activates the membership and signs in', async () => {
    const owner = await signupOwner(t.app);
    const orgId = owner.session.user.organisation.id;
    const invited = await addMember(t.app, orgId, { status: 'invited', password: null, role: 'Accountant', name: 'Eva' });

    const issue = () =>
      t.app.db.transaction((tx) =>
        createInvitation(tx, {
          userId: invited.userId,
          organisationId: orgId,
          invitedBy: owner.session.user.id,
          lang: 'en',
          publicUrl: t.config.PUBLIC_URL,
        }),
      );
    const first = await issue();
    await dispatchEmails(t.app, [first.emailId]);
    const firstMail = await smtp.waitFor((m) => m.to.includes(invited.email));
    const firstLink = linkFrom(firstMail.text, '/complete-profile');
    // A new invitation replaces the earlier link.
    const second = await issue();
    await dispatchEmails(t.app, [second.emailId]);
    const mail = await smtp.waitFor((m) => m.to.includes(invited.email) && m !== firstMail);
    expect(mail.subject).toBe(`Anna Lindqvist has invited you to ${owner.session.user.organisation.name} on Fairway`);
    const { url, token } = linkFrom(mail.text, '/complete-profile');
    expect(url.startsWith('http://fairway.test/complete-profile?token=')).toBe(true);
    expect(second.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect((await tokenInfo(firstLink.token)).statusCode).toBe(400);

    expect((await tokenInfo(token)).json().data).toMatchObject({ purpose: 'invitation', email: invited.email, name: 'Eva' });
    // Invited users cannot sign in before completing the profile.
    expect((await loginAs(t.app, invited.email, NEW_PASSWORD, '10.31.0.1')).statusCode).toBe(400);

    const res = await post('/auth/password/update_password', {
      token,
      name: 'Eva Sjöberg',
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const { user } = res.json().data;
    expect(user).toMatchObject({ name: 'Eva Sjöberg', role: 'Accountant', organisation: { id: orgId } });
    expect(user.currentAccount).not.toBeNull();
    const [membership] = await t.app.db.select().from(memberships).where(eq(memberships.userId, invited.userId));
    expect(membership?.status).toBe('active');
    expect((await loginAs(t.app, invited.email, NEW_PASSWORD, '10.31.0.2')).statusCode).toBe(200);
    expect(
      (await post('/auth/password/update_password', { token, password: 'Other#Pass11', passwordConfirmation: 'Other#Pass11' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('POST /api/v1/auth/password/change', () => {
  it('checks the current password, refuses reuse, and ends the other sign-ins only', async () => {
    const owner = await signupOwner(t.app);
    const other = (await loginAs(t.app, owner.email, PASSWORD, '10.32.0.1')).json().data;
    const change = (payload: Record<string, unknown>, lang: 'sv' | 'en' = 'en') =>
      post('/auth/password/change', payload, lang, bearer(owner.session.accessToken));

    const wrong = await change({ currentPassword: 'Wrong#Pass1', password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({ currentPassword: ['The current password is incorrect'] });
    const wrongSv = await change(
      { currentPassword: 'Wrong#Pass1', password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
      'sv',
    );
    expect(wrongSv.json().error).toEqual({ currentPassword: ['Nuvarande lösenord är felaktigt'] });

    const reused = await change({ currentPassword: PASSWORD, password: PASSWORD, passwordConfirmation: PASSWORD });
    expect(reused.json().error).toEqual({ password: ['The new password must differ from your earlier passwords'] });

    const ok = await change({ currentPassword: PASSWORD, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { success: true } });

    // This sign-in goes on; the other one ended.
    expect((await post('/jwt/refresh-token', { refreshToken: owner.session.refreshToken })).statusCode).toBe(200);
    expect((await post('/jwt/refresh-token', { refreshToken: other.refreshToken })).statusCode).toBe(401);
    expect((await loginAs(t.app, owner.email, NEW_PASSWORD, '10.32.0.2')).statusCode).toBe(200);
    await smtp.waitFor((m) => m.to.includes(owner.email) && m.subject === 'Your Fairway password has been changed');
  });
});
