import {
  type ChangePasswordBody,
  encodeMessage,
  findDuplicateTier,
  INVITATION_TOKEN_TTL_SECONDS,
  type LoginBody,
  RESET_TOKEN_TTL_SECONDS,
  type Session,
  type SignupBody,
  type UpdatePasswordBody,
} from '@fairway/shared';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { BusinessError, ConflictError, UnauthorizedError, ValidationError } from '../../lib/errors';
import { type Lang, t } from '../../lib/i18n';
import { hashPassword, matchesAny, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { generateOpaqueToken, hashOpaqueToken } from '../../lib/tokens';
import { dispatchEmails, type EmailDispatcher, queueEmail } from '../email/email.service';
import { findActivePackage, findGolfClub, listActivePackages } from '../landing/landing.repository';
import { customerNumberInUse, findOrganisationRef } from '../organizations/organizations.repository';
import { createOrganisationWithOwner } from '../organizations/organizations.service';
import { getCurrentUser } from '../users/current-user';
import { pickOrganisation, reachableClubAccounts } from './access';
import * as repo from './auth.repository';
import {
  clearAccountFailures,
  clearLoginFailures,
  LoginThrottledError,
  lockedForSeconds,
  recordLoginFailure,
  throttleKeys,
} from './login-throttle';
import {
  familyOfRefreshToken,
  type IssuedSession,
  revokeAllFamilies,
  revokeFamily,
  rotateRefreshToken,
  startSession,
} from './sessions';

/** What the auth services use of the app: the database, the secrets and links, and mail dispatch. */
export interface AuthDeps extends EmailDispatcher {
  config: Pick<Config, 'JWT_SECRET' | 'PUBLIC_URL' | 'SMTP_URL' | 'BRAND'>;
}

/**
 * The golf package under a Dubbelkoll subscription: its tier says what it may use and pays for
 * (docs/subscriptions.md#tiers), the package carries no fees of its own.
 */
export const DUBBELKOLL_PACKAGE_ID = 'free';

/** Existing customers do not choose a package at registration; they start on this one. */
export const EXISTING_CUSTOMER_PACKAGE_ID = 'standard';
/** At most this many reset e-mails per account and hour; further requests are answered alike. */
export const RESET_REQUESTS_PER_HOUR = 3;

const invalidCredentials = () => new BusinessError(400, 'auth.invalidCredentials');
const invalidLink = () => new BusinessError(400, 'auth.tokenLinkInvalid');

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (name === undefined || name === constraint)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

async function toSession(db: Db, issued: IssuedSession): Promise<Session> {
  return {
    accessToken: issued.accessToken,
    refreshToken: issued.refreshToken,
    expiresIn: issued.expiresIn,
    user: await getCurrentUser(db, issued.userId, issued.organisationId),
  };
}

// ---------------------------------------------------------------------------------------------
// Sign-in

/**
 * POST auth/login. Unknown e-mail and wrong password answer the same text after the same work
 * (a dummy Argon2 verification), and both count against the (account, address) pair and the
 * address (login-throttle.ts).
 */
export async function login(deps: AuthDeps, body: LoginBody, ip: string): Promise<Session> {
  const now = new Date();
  const keys = throttleKeys(body.email, ip);
  const locked = await lockedForSeconds(deps.db, [keys.pair, keys.ip], now);
  if (locked > 0) throw new LoginThrottledError(locked);

  const user = await repo.findAccountByEmail(deps.db, body.email);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, body.password)
    : await verifyAgainstDummy(body.password);
  if (!user || !ok) {
    await recordLoginFailure(deps.db, [keys.pair, keys.ip], now);
    throw invalidCredentials();
  }
  await clearLoginFailures(deps.db, keys.pair);

  const organisationId = await pickOrganisation(deps.db, user.id, user.currentOrganisationId);
  if (!organisationId) throw new BusinessError(400, 'auth.noActiveMembership');
  const issued = await deps.db.transaction((tx) =>
    startSession(tx, deps.config.JWT_SECRET, { userId: user.id, organisationId }, now),
  );
  return toSession(deps.db, issued);
}

// ---------------------------------------------------------------------------------------------
// Registration

/**
 * POST auth/signup (registration; its messages are in packages/shared/src/auth/auth.schemas.ts):
 * the organisation, its first club account, system roles, the Owner and the session in one
 * transaction; the welcome e-mail leaves after commit.
 */
export async function signup(deps: AuthDeps, body: SignupBody, lang: Lang): Promise<Session> {
  if (await repo.emailTaken(deps.db, body.email)) throw new ConflictError('auth.emailTaken');

  // Each brand registers its own customers: golf clubs for Fairway, companies choosing a tier for Dubbelkoll.
  if ((body.customerType === 'company') !== (deps.config.BRAND === 'dubbelkoll')) {
    throw new BusinessError(400, 'auth.registrationNotOffered');
  }
  let organisation: {
    name: string;
    packageId: string;
    golfClubId: string | null;
    customerNumber?: string;
    duplicateTierId?: string;
  };
  if (body.customerType === 'company') {
    const tier = findDuplicateTier(body.tierId);
    if (!tier) throw new ValidationError({ tierId: [encodeMessage('tier_required')] });
    organisation = { name: body.companyName, packageId: DUBBELKOLL_PACKAGE_ID, golfClubId: null, duplicateTierId: tier.id };
  } else if (body.customerType === 'new') {
    const [pkg, club] = await Promise.all([findActivePackage(deps.db, body.packageId), findGolfClub(deps.db, body.golfClubId)]);
    const fieldErrors: Record<string, string[]> = {};
    if (!pkg) fieldErrors.packageId = [encodeMessage('package_required')];
    if (!club) fieldErrors.golfClubId = [encodeMessage('golf_club_required')];
    if (!pkg || !club) throw new ValidationError(fieldErrors);
    organisation = { name: club.name, packageId: pkg.id, golfClubId: club.id };
  } else {
    if (await customerNumberInUse(deps.db, body.customerNumber)) throw new ConflictError('auth.customerNumberTaken');
    organisation = {
      name: body.clubName,
      packageId: await existingCustomerPackage(deps.db),
      golfClubId: null,
      customerNumber: body.customerNumber,
    };
  }

  const passwordHash = await hashPassword(body.password);
  const now = new Date();
  let result: { issued: IssuedSession; emailId: string };
  try {
    result = await deps.db.transaction(async (tx) => {
      const created = await createOrganisationWithOwner(tx, {
        organisation: { ...organisation, accountingProgram: body.accountingProgram },
        clubAccount: { name: organisation.name },
        owner: { email: body.email, name: body.name, phone: body.phone, passwordHash },
        golfclubAdmin: true,
      });
      const issued = await startSession(
        tx,
        deps.config.JWT_SECRET,
        { userId: created.userId, organisationId: created.organisationId },
        now,
      );
      const emailId = await queueEmail(tx, {
        to: body.email,
        template: 'welcome',
        lang,
        organisationId: created.organisationId,
        params: { name: body.name, organisationName: organisation.name, loginUrl: `${deps.config.PUBLIC_URL}/login` },
      });
      return { issued, emailId };
    });
  } catch (error) {
    // Two registrations racing for the same e-mail or customer number.
    if (isUniqueViolation(error, 'users_email_uq')) throw new ConflictError('auth.emailTaken');
    if (isUniqueViolation(error, 'organisations_customer_number_uq')) throw new ConflictError('auth.customerNumberTaken');
    throw error;
  }
  await dispatchEmails(deps, [result.emailId]);
  return toSession(deps.db, result.issued);
}

async function existingCustomerPackage(db: Db): Promise<string> {
  const rows = await listActivePackages(db);
  const preferred = rows.find((r) => r.id === EXISTING_CUSTOMER_PACKAGE_ID) ?? rows[0];
  if (!preferred) throw new Error('no active package to give an existing customer');
  return preferred.id;
}

/** POST auth/check_existing: whether the e-mail address has an account (registration's hint). */
export async function checkExisting(db: Db, email: string): Promise<{ email: boolean }> {
  return { email: await repo.emailTaken(db, email) };
}

// ---------------------------------------------------------------------------------------------
// Session

/** POST jwt/refresh-token. */
export async function refresh(deps: AuthDeps, refreshToken: string): Promise<Session> {
  const issued = await rotateRefreshToken(deps.db, deps.config.JWT_SECRET, refreshToken);
  return toSession(deps.db, issued);
}

/**
 * POST jwt/logout: ends the sign-in of the given refresh token (when it is the caller's), else
 * the one the access token belongs to. Either way the access token stops working at once.
 */
export async function logout(deps: AuthDeps, caller: { userId: string; familyId: string }, refreshToken?: string) {
  let familyId = caller.familyId;
  if (refreshToken) {
    const family = await familyOfRefreshToken(deps.db, refreshToken);
    if (family && family.userId === caller.userId) familyId = family.familyId;
  }
  await revokeFamily(deps.db, familyId, 'logout');
}

// ---------------------------------------------------------------------------------------------
// Passwords

async function issueOneTimeToken(
  tx: Db | Tx,
  input: { userId: string; organisationId: string | null; purpose: repo.OneTimeTokenPurpose; ttlSeconds: number },
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateOpaqueToken();
  const expiresAt = new Date(now.getTime() + input.ttlSeconds * 1000);
  await repo.insertOneTimeToken(tx, {
    userId: input.userId,
    organisationId: input.organisationId,
    purpose: input.purpose,
    tokenHash: hashOpaqueToken(token),
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * POST auth/password/reset. Answers alike whether or not the e-mail has an account, so it cannot
 * be used to find accounts; only an active member gets a link, at most a few per hour.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string, lang: Lang): Promise<void> {
  const now = new Date();
  const user = await repo.findAccountByEmail(deps.db, email);
  if (!user) return;
  const organisationId = await pickOrganisation(deps.db, user.id, user.currentOrganisationId);
  if (!organisationId) return;
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  if ((await repo.countTokensSince(deps.db, user.id, 'password_reset', hourAgo)) >= RESET_REQUESTS_PER_HOUR) {
    deps.log.warn({ userId: user.id }, 'password reset requested too often; no e-mail sent');
    return;
  }
  const emailId = await deps.db.transaction(async (tx) => {
    const { token } = await issueOneTimeToken(
      tx,
      { userId: user.id, organisationId, purpose: 'password_reset', ttlSeconds: RESET_TOKEN_TTL_SECONDS },
      now,
    );
    return queueEmail(tx, {
      to: user.email,
      template: 'password_reset',
      lang,
      organisationId,
      params: {
        name: user.name,
        link: `${deps.config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`,
        expiresInMinutes: Math.round(RESET_TOKEN_TTL_SECONDS / 60),
      },
    });
  });
  await dispatchEmails(deps, [emailId]);
}

async function findUsableToken(db: Db | Tx, token: string, now: Date) {
  const row = await repo.findTokenByHash(db, hashOpaqueToken(token));
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return null;
  return row;
}

/** GET auth/password/token: what an e-mailed link is for, before the user types a password. */
export async function describeToken(db: Db, token: string) {
  const row = await findUsableToken(db, token, new Date());
  if (!row) throw invalidLink();
  const organisationId = row.organisationId ?? row.currentOrganisationId;
  const organisation = organisationId ? await findOrganisationRef(db, { organisationId }) : null;
  return {
    purpose: row.purpose,
    email: row.email,
    name: row.name,
    organisationName: organisation?.name ?? '',
  };
}

/** Every hash the user has had, the current one included: a new password may match none. */
async function earlierPasswordHashes(db: Db | Tx, userId: string, current: string | null): Promise<string[]> {
  const hashes = await repo.passwordHashesOf(db, userId);
  if (current && !hashes.includes(current)) hashes.push(current);
  return hashes;
}

const passwordReused = () => new ValidationError({ password: [encodeMessage('password_reused')] });

/**
 * POST auth/password/update_password: sets the password from a reset or invitation link. The
 * link works once and until it expires; the password must be new to the user. A reset ends every
 * other sign-in; an invitation makes the membership active. Either way the user is signed in.
 */
export async function updatePasswordWithToken(deps: AuthDeps, body: UpdatePasswordBody, lang: Lang): Promise<Session> {
  const now = new Date();
  const token = await findUsableToken(deps.db, body.token, now);
  if (!token) throw invalidLink();
  if (await matchesAny(await earlierPasswordHashes(deps.db, token.userId, token.passwordHash), body.password)) {
    throw passwordReused();
  }
  const organisationId =
    token.purpose === 'invitation'
      ? token.organisationId
      : await pickOrganisation(deps.db, token.userId, token.currentOrganisationId);
  if (!organisationId) throw new BusinessError(400, 'auth.noActiveMembership');
  const passwordHash = await hashPassword(body.password);

  const outcome = await deps.db.transaction(async (tx) => {
    // Another request used the link first; throwing rolls this transaction back.
    if (!(await repo.claimToken(tx, token.id, now))) throw invalidLink();

    const name = body.name?.trim();
    await repo.storePassword(tx, token.userId, passwordHash, now, token.purpose === 'invitation' && name ? { name } : {});

    let emailId: string | undefined;
    if (token.purpose === 'invitation') {
      // The membership was removed after the invitation was sent.
      if (!(await repo.activateMembership(tx, { organisationId }, token.userId))) throw invalidLink();
      const [first] = await reachableClubAccounts(tx, token.userId, organisationId);
      if (first) await repo.setCurrentClubAccount(tx, token.userId, first.id);
    } else {
      // Whoever knew the old password is signed out everywhere; other reset links die too.
      await revokeAllFamilies(tx, token.userId, 'password_reset', undefined, now);
      await repo.expireUnusedTokens(tx, token.userId, 'password_reset', now);
      emailId = await queueEmail(tx, {
        to: token.email,
        template: 'password_changed',
        lang,
        organisationId,
        params: { name: token.name, forgotPasswordUrl: `${deps.config.PUBLIC_URL}/forgot-password` },
      });
    }
    await clearAccountFailures(tx, token.email);
    const issued = await startSession(tx, deps.config.JWT_SECRET, { userId: token.userId, organisationId }, now);
    return { issued, emailId };
  });
  if (outcome.emailId) await dispatchEmails(deps, [outcome.emailId]);
  return toSession(deps.db, outcome.issued);
}

/**
 * POST auth/password/change (signed in): the current password proves it is the user; the new one
 * must be new to the user. Other sign-ins end; this one goes on.
 */
export async function changePassword(
  deps: AuthDeps,
  caller: { userId: string; organisationId: string; familyId: string },
  body: ChangePasswordBody,
  lang: Lang,
): Promise<void> {
  const user = await repo.findAccountById(deps.db, caller.userId);
  if (!user) throw new UnauthorizedError('auth.tokenNotValid', 'auth.sessionRevokedDetail');
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw new ValidationError({ currentPassword: [t('auth.currentPasswordWrong', lang)] });
  }
  if (await matchesAny(await earlierPasswordHashes(deps.db, user.id, user.passwordHash), body.password)) {
    throw passwordReused();
  }
  const passwordHash = await hashPassword(body.password);
  const now = new Date();
  const emailId = await deps.db.transaction(async (tx) => {
    await repo.storePassword(tx, user.id, passwordHash, now);
    await revokeAllFamilies(tx, user.id, 'password_changed', caller.familyId, now);
    return queueEmail(tx, {
      to: user.email,
      template: 'password_changed',
      lang,
      organisationId: caller.organisationId,
      params: { name: user.name, forgotPasswordUrl: `${deps.config.PUBLIC_URL}/forgot-password` },
    });
  });
  await dispatchEmails(deps, [emailId]);
}

// ---------------------------------------------------------------------------------------------
// Invitations

export interface CreateInvitationInput {
  userId: string;
  organisationId: string;
  /** The inviting user's id (named in the e-mail). */
  invitedBy: string;
  lang: Lang;
  /** `config.PUBLIC_URL`: the link leads to `${publicUrl}/complete-profile?token=…`. */
  publicUrl: string;
}

/**
 * Makes an invitation link (7 days, single use) for a user whose membership in the organisation
 * the caller has just written (status `invited`), and queues the invitation e-mail, all in the
 * caller's transaction. Earlier unused invitations of the user to the organisation stop working.
 * After the commit, hand `emailId` to `dispatchEmails(app, [emailId])`.
 */
export async function createInvitation(
  tx: Db | Tx,
  input: CreateInvitationInput,
  now: Date = new Date(),
): Promise<{ emailId: string; expiresAt: Date }> {
  const tenant = { organisationId: input.organisationId };
  const [invitee, inviter, organisation] = await Promise.all([
    repo.findAccountById(tx, input.userId),
    repo.findAccountById(tx, input.invitedBy),
    findOrganisationRef(tx, tenant),
  ]);
  if (!invitee || !organisation) throw new Error('createInvitation: unknown user or organisation');
  await repo.expireUnusedTokens(tx, input.userId, 'invitation', now, tenant);
  const { token, expiresAt } = await issueOneTimeToken(
    tx,
    {
      userId: input.userId,
      organisationId: input.organisationId,
      purpose: 'invitation',
      ttlSeconds: INVITATION_TOKEN_TTL_SECONDS,
    },
    now,
  );
  const emailId = await queueEmail(tx, {
    to: invitee.email,
    template: 'invitation',
    lang: input.lang,
    organisationId: input.organisationId,
    params: {
      name: invitee.name,
      inviterName: inviter?.name ?? organisation.name,
      organisationName: organisation.name,
      link: `${input.publicUrl.replace(/\/+$/, '')}/complete-profile?token=${encodeURIComponent(token)}`,
      expiresInDays: Math.round(INVITATION_TOKEN_TTL_SECONDS / 86_400),
    },
    meta: { invitedBy: input.invitedBy },
  });
  return { emailId, expiresAt };
}
