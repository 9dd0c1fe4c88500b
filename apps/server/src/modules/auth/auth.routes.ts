import {
  changePasswordBodySchema,
  checkExistingBodySchema,
  checkExistingResponseSchema,
  envelope,
  loginBodySchema,
  logoutBodySchema,
  passwordResetBodySchema,
  refreshBodySchema,
  sessionSchema,
  signupBodySchema,
  tokenInfoQuerySchema,
  tokenInfoSchema,
  updatePasswordBodySchema,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getLang } from '../../lib/i18n';
import { authenticated } from '../../plugins/auth';
import { mailingDeps } from '../email/email.service';
import { FORM_BUDGETS, formBudget } from '../support/form-budget';
import {
  type AuthDeps,
  changePassword,
  checkExisting,
  describeToken,
  login,
  logout,
  refresh,
  requestPasswordReset,
  signup,
  updatePasswordWithToken,
} from './auth.service';

/** Answer of calls that only confirm they were carried out. */
export const successSchema = z.object({ success: z.literal(true) });
const success = { data: { success: true as const } };

const sessionResponse = { 200: envelope(sessionSchema) };

/** Auth: sign-in, registration, session and password calls. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: AuthDeps = mailingDeps(app);
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        description:
          'Wrong e-mail and wrong password answer the same 400. Five failures for one account from one ' +
          'address, or twenty from one address, within 15 minutes refuse sign-in from that address for 15 ' +
          'minutes (429 with Retry-After); the account stays open from other addresses.',
        body: loginBodySchema,
        response: sessionResponse,
      },
    },
    async (request) => ({ data: await login(deps, request.body, request.ip) }),
  );

  app.post(
    '/auth/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Register an organisation and its Owner, and sign the Owner in',
        body: signupBodySchema,
        response: sessionResponse,
      },
    },
    async (request) => ({ data: await signup(deps, request.body, getLang(request)) }),
  );

  app.post(
    '/auth/check_existing',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether an e-mail address is already registered (the registration form’s hint)',
        description: `At most ${FORM_BUDGETS.checkExisting.limit} questions per address in ${FORM_BUDGETS.checkExisting.windowSeconds / 60} minutes (429 with Retry-After).`,
        body: checkExistingBodySchema,
        response: { 200: envelope(checkExistingResponseSchema) },
      },
      preHandler: formBudget(app, FORM_BUDGETS.checkExisting),
    },
    async (request) => ({ data: await checkExisting(app.db, request.body.email) }),
  );

  app.post(
    '/jwt/refresh-token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new token pair (rotation)',
        description: 'A refresh token works once; presenting a used one ends its whole sign-in (401).',
        body: refreshBodySchema,
        response: sessionResponse,
      },
    },
    async (request) => ({ data: await refresh(deps, request.body.refreshToken) }),
  );

  app.post(
    '/jwt/logout',
    {
      ...authenticated(app),
      schema: {
        tags: ['auth'],
        summary: 'End the sign-in (of the given refresh token, else of the access token)',
        body: logoutBodySchema.nullish(),
        response: { 200: envelope(successSchema) },
      },
    },
    async (request) => {
      await logout(deps, request.auth, request.body?.refreshToken);
      return success;
    },
  );

  app.post(
    '/auth/password/reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link (the answer is the same for unknown e-mails)',
        body: passwordResetBodySchema,
        response: { 200: envelope(successSchema) },
      },
    },
    async (request) => {
      await requestPasswordReset(deps, request.body.email, getLang(request));
      return success;
    },
  );

  app.get(
    '/auth/password/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'What an e-mailed reset or invitation link is for',
        querystring: tokenInfoQuerySchema,
        response: { 200: envelope(tokenInfoSchema) },
      },
    },
    async (request) => ({ data: await describeToken(app.db, request.query.token) }),
  );

  app.post(
    '/auth/password/update_password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password from a reset or invitation link, and sign in',
        body: updatePasswordBodySchema,
        response: sessionResponse,
      },
    },
    async (request) => ({ data: await updatePasswordWithToken(deps, request.body, getLang(request)) }),
  );

  app.post(
    '/auth/password/change',
    {
      ...authenticated(app),
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's password",
        description: 'Other sign-ins of the user end; this one goes on.',
        body: changePasswordBodySchema,
        response: { 200: envelope(successSchema) },
      },
    },
    async (request) => {
      await changePassword(deps, request.auth, request.body, getLang(request));
      return success;
    },
  );
};
