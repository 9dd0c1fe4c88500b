import type { HandlingPlan, HandlingStep } from '@fairway/shared';
import type { FastifyInstance } from 'fastify';
import { BusinessError, ConflictError, NotFoundError } from '../../../lib/errors';
import { renderFailure } from '../../../lib/failure';
import type { Lang } from '../../../lib/i18n';
import type { ProviderId } from '../../../providers/accounting/provider';
import { loadClubAccount } from '../../accounting/connection/program';
import * as repo from './handling.repository';
import { handlingRuns } from './handling.runs';
import { type HandlingCapabilities, hasAutomaticStep, PROGRAM_CAPABILITIES, planSteps } from './plan';

/** Who asks: the signed-in user's organisation and club account. */
export interface HandlingActor {
  organisationId: string;
  clubAccountId: string | null;
  userId: string;
}

const NONE: HandlingCapabilities = {
  invoice: { cancel: false, credit: false },
  supplier_invoice: { cancel: false, credit: false },
  order: { cancel: false },
  voucher: { reverse: false },
};

function tenantOf(actor: HandlingActor): repo.GroupTenant {
  if (!actor.clubAccountId) throw new BusinessError(400, 'configurations.noClubAccount');
  return { organisationId: actor.organisationId, clubAccountId: actor.clubAccountId };
}

/** The group, if it is the actor's club account's own; 404 otherwise (another organisation's id included). */
async function groupOf(app: FastifyInstance, actor: HandlingActor, id: string) {
  const group = await repo.findGroup(app.db, tenantOf(actor), id);
  if (!group) throw new NotFoundError('duplicates.handling.groupNotFound');
  return group;
}

async function capabilitiesFor(app: FastifyInstance, group: repo.GroupRow): Promise<HandlingCapabilities> {
  const clubAccount = await loadClubAccount(app, { organisationId: group.organisationId }, group.clubAccountId);
  return PROGRAM_CAPABILITIES[clubAccount.accountingProgram as ProviderId] ?? NONE;
}

/** The steps for the group's open duplicates (or the one named), from the mirror's view of each. */
async function stepsFor(app: FastifyInstance, group: repo.GroupRow, only: string | null): Promise<HandlingStep[]> {
  const members = await repo.membersOf(app.db, group.id);
  if (only !== null) {
    const member = members.find((m) => m.number === only);
    if (!member) throw new NotFoundError('duplicates.handling.documentNotFound');
    if (member.state !== 'open') throw new ConflictError('duplicates.handling.documentNotOpen', { number: only });
  }
  const open = members.filter((m) => m.state === 'open' && (only === null || m.number === only));
  const states = await repo.mirroredStates(
    app.db,
    group,
    open.map((m) => m.number),
  );
  return planSteps(
    group.resource,
    await capabilitiesFor(app, group),
    open.map((m) => ({ number: m.number, state: states.get(m.number) ?? null })),
  );
}

function runView(row: repo.HandlingRow | null, lang: Lang): HandlingPlan['run'] {
  if (!row) return null;
  return {
    status: row.status,
    error: renderFailure(row.error, lang),
    handled: row.handled,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** GET duplicates/:id/handle_group: what handling would do now, and the group's last handling. */
export async function getHandlingPlan(app: FastifyInstance, actor: HandlingActor, id: string, lang: Lang): Promise<HandlingPlan> {
  const group = await groupOf(app, actor, id);
  const steps = group.resolved ? [] : await stepsFor(app, group, null);
  return { steps, run: runView(await repo.lastHandling(app.db, group.id), lang) };
}

/**
 * PUT duplicates/:id/handle_group and handle_single/:x: the reviewer confirmed the plan; the
 * handling is queued as a run (one active per group) and answered with its plan.
 */
export async function startHandling(
  app: FastifyInstance,
  actor: HandlingActor,
  id: string,
  only: string | null,
  lang: Lang,
): Promise<HandlingPlan> {
  const group = await groupOf(app, actor, id);
  if (group.resolved) throw new ConflictError('duplicates.handling.groupResolved');
  const last = await repo.lastHandling(app.db, group.id);
  if (last && (last.status === 'queued' || last.status === 'running')) throw new ConflictError('duplicates.handling.underWay');
  const steps = await stepsFor(app, group, only);
  if (!hasAutomaticStep(steps)) throw new ConflictError('duplicates.handling.nothingToHandle');
  const handling = await app.db.transaction((tx) => repo.insertHandling(tx, group, steps, actor.userId));
  // Another request started one between the check and the insert (the partial unique index).
  if (!handling) throw new ConflictError('duplicates.handling.underWay');
  await app.runs.enqueue(handlingRuns, handling.id);
  return { steps, run: runView(handling, lang) };
}
