import type { Scope } from '@fairway/shared';
import { ALL_SCOPES, NO_RULES } from '@fairway/shared';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { withTenant } from '../db/tenant-context';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import { verifyAccessToken } from '../lib/tokens';
import { type Access, loadSessionAccess } from '../modules/auth/access';

/** `request.auth`: who is calling, in which organisation and club account, allowed to do what. */
export interface AuthContext extends Access {
  /** The sign-in (refresh-token family) the access token belongs to (`sid`). */
  familyId: string;
}

/**
 * The id the system acts under when no person does (a scheduled or queued run). It is no user's:
 * the event log names the system instead (`actorOf`, modules/eventlogs/eventlogs.service.ts).
 */
export const SYSTEM_USER_ID = '00000000-0000-0000-0000-000000000000';

/**
 * What the system's jobs do to a club account's documents, and so all a system caller passes:
 * create, book, send, credit, cancel and update invoices and create customers (the GIT sync).
 */
export const SYSTEM_SCOPES = ['invoices.read', 'invoices.write', 'customers.read', 'customers.write'] as const satisfies Scope[];

/** `request.auth` of work no person is doing right now: clearly the system, never a user. */
export interface SystemCaller extends AuthContext {
  readonly system: true;
  /** The user the work was done for (who asked for the run), recorded as the documents' creator; null for none. */
  readonly onBehalfOf: string | null;
}

/**
 * The caller a job passes to the services a person's request would call (modules/invoices/invoices.service.ts),
 * so the same state rules apply and the same event-log lines are written, naming the system:
 * no role's team rules narrow it, and it passes scope checks only for `SYSTEM_SCOPES`.
 */
export function systemCaller(
  organisationId: string,
  clubAccountId: string,
  options: { onBehalfOf?: string | null } = {},
): SystemCaller {
  return {
    system: true,
    onBehalfOf: options.onBehalfOf ?? null,
    userId: SYSTEM_USER_ID,
    organisationId,
    clubAccountId,
    clubAccounts: [{ id: clubAccountId, name: '' }],
    roleId: '',
    role: 'system',
    scopes: [...SYSTEM_SCOPES],
    rules: { ...NO_RULES },
    golfclubAdmin: false,
    familyId: '',
  };
}

/** Whether the caller is the system (`systemCaller`), not a signed-in user. */
export function isSystemCaller(caller: object): caller is SystemCaller {
  return (caller as Partial<SystemCaller>).system === true;
}

/** Who a document the caller makes is recorded as made by: the user, or the user the system acted for. */
export function creatorOf(caller: Pick<AuthContext, 'userId'>): string | null {
  return isSystemCaller(caller) ? caller.onBehalfOf : caller.userId;
}

export interface ScopedRoute {
  method: string;
  url: string;
  scope: Scope;
}

type ScopeGuard = onRequestAsyncHookHandler & { readonly requiredScope: Scope };

declare module 'fastify' {
  interface FastifyInstance {
    /** Route hook: verifies the bearer access token and loads `request.auth`; 401 otherwise. */
    authenticate: onRequestAsyncHookHandler;
    /** Route hook (after `authenticate`): 403 unless the caller's role grants `scope`. */
    requireScope(scope: Scope): ScopeGuard;
    /** Every route that declares a scope, collected as routes are added (for tests and docs). */
    scopedRoutes: ScopedRoute[];
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; reading it on a route without that hook throws. */
    readonly auth: AuthContext;
  }
  interface FastifyContextConfig {
    /** The scope the route requires; `scoped()` sets it together with the guard. */
    scope?: Scope;
  }
}

const MAX_TOKEN_LENGTH = 4096;
/** Marks the authenticate handler so onRoute can recognise it in a route's hook lists. */
const AUTHENTICATES = Symbol('fairway.authenticates');
const contexts = new WeakMap<FastifyRequest, AuthContext>();

/** The caller's context when `authenticate` has run on this request, else undefined (never throws). */
export function authOf(request: FastifyRequest): AuthContext | undefined {
  return contexts.get(request);
}

const missingCredentials = () => new UnauthorizedError('auth.notAuthenticated', 'auth.credentialsMissing');
const invalidToken = () => new UnauthorizedError('auth.tokenNotValid', 'auth.tokenNotValidDetail');
const endedSession = () => new UnauthorizedError('auth.tokenNotValid', 'auth.sessionRevokedDetail');

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw missingCredentials();
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1] || match[1].length > MAX_TOKEN_LENGTH) throw invalidToken();
  return match[1];
}

/**
 * Route options that require sign-in only (no scope), e.g. `users/me`. The guards run as
 * `onRequest` hooks: before the body is read or validated, so a caller who may not use the route
 * learns nothing from it (401/403 come before any 400) and an unauthenticated upload is never parsed.
 */
export function authenticated(app: FastifyInstance) {
  return { onRequest: [app.authenticate] };
}

/**
 * Route options that require sign-in and `scope`:
 * `app.get('/users', { ...scoped(app, 'users.read'), schema }, handler)`.
 */
export function scoped(app: FastifyInstance, scope: Scope) {
  return { onRequest: [app.authenticate, app.requireScope(scope)], config: { scope } };
}

type Hook = RouteOptions['onRequest'] | RouteOptions['preValidation'] | RouteOptions['preHandler'];
const hookList = (hook: Hook): unknown[] => (hook === undefined ? [] : Array.isArray(hook) ? hook : [hook]);

function guardsOf(route: RouteOptions): { authenticates: boolean; scopes: Scope[] } {
  // The order in which Fastify runs them.
  const handlers = [...hookList(route.onRequest), ...hookList(route.preValidation), ...hookList(route.preHandler)];
  const scopes: Scope[] = [];
  let authenticates = false;
  for (const handler of handlers) {
    if ((handler as Partial<Record<typeof AUTHENTICATES, true>>)[AUTHENTICATES]) authenticates = true;
    const required = (handler as Partial<ScopeGuard>).requiredScope;
    if (required) {
      if (!authenticates) return { authenticates: false, scopes: [required] };
      scopes.push(required);
    }
  }
  return { authenticates, scopes };
}

/**
 * Authentication and the permission mechanism (docs/permissions.md#scopes): every protected route declares
 * the scope it needs with `scoped()`; a route whose config names a scope without the guard, or a
 * guard without `authenticate` before it, fails at start-up rather than being open in production.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const authenticate: onRequestAsyncHookHandler = async function authenticate(request) {
      const token = bearerToken(request);
      let claims: Awaited<ReturnType<typeof verifyAccessToken>>;
      try {
        claims = await verifyAccessToken(app.config.JWT_SECRET, token);
      } catch {
        throw invalidToken();
      }
      // In the token's organisation, as the route's handler after it runs (onRoute below): the
      // pooled connection keeps that setting from one query to the next (TenantPool in
      // db/client.ts), where system work in between cost two more statements on every request.
      // The query names the organisation itself, so row-level security changes nothing it finds.
      const access = await withTenant(claims.organisationId, () => loadSessionAccess(app.db, claims));
      if (!access) throw endedSession();
      contexts.set(request, { ...access, familyId: claims.familyId });
    };
    Object.assign(authenticate, { [AUTHENTICATES]: true });

    const requireScope = (scope: Scope): ScopeGuard => {
      if (!(ALL_SCOPES as readonly string[]).includes(scope)) throw new Error(`Unknown scope "${scope}"`);
      const guard = async function requireScope(request: FastifyRequest) {
        if (!request.auth.scopes.includes(scope)) throw new ForbiddenError();
      };
      return Object.assign(guard, { requiredScope: scope });
    };

    app.decorate('authenticate', authenticate);
    app.decorate('requireScope', requireScope);
    app.decorate('scopedRoutes', [] as ScopedRoute[]);
    app.decorateRequest('auth', {
      getter(this: FastifyRequest) {
        const context = contexts.get(this);
        if (!context) throw new Error('request.auth read on a route without app.authenticate');
        return context;
      },
    });

    app.addHook('onRoute', (route) => {
      // The handler of a signed-in call runs for the caller's organisation: every query it makes
      // is held to that organisation by row-level security (db/row-level-security.ts), whatever
      // its own filters say. Decided per request, so it holds however the route authenticates.
      const handler = route.handler;
      route.handler = function tenantHandler(request, reply) {
        const auth = contexts.get(request);
        return auth
          ? withTenant(auth.organisationId, () => handler.call(this, request, reply))
          : handler.call(this, request, reply);
      };

      const declared = route.config?.scope;
      const { authenticates, scopes } = guardsOf(route);
      const where = `${String(route.method)} ${route.url}`;
      if (scopes.length > 0 && !authenticates) {
        throw new Error(`${where}: requireScope() must come after app.authenticate`);
      }
      if (declared && !scopes.includes(declared)) {
        throw new Error(`${where}: config.scope "${declared}" is declared but not enforced; use scoped()`);
      }
      if (authenticates) {
        // OpenAPI (/api/docs) shows which calls need the bearer token and which scope.
        route.schema ??= {};
        const schema = route.schema as { security?: unknown; description?: string };
        schema.security ??= [{ bearerAuth: [] }];
        if (scopes.length > 0) {
          const needs = `Requires the scope ${scopes.map((s) => `\`${s}\``).join(' and ')} (403 otherwise).`;
          schema.description = schema.description ? `${schema.description}\n\n${needs}` : needs;
        }
      }
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const scope of new Set(declared ? [declared, ...scopes] : scopes)) {
        for (const method of methods) {
          if (method === 'HEAD') continue;
          app.scopedRoutes.push({ method, url: route.url, scope });
        }
      }
    });
  },
  { name: 'fairway-auth', dependencies: ['fairway-database'] },
);
