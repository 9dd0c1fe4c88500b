import type { InviteUserBody, User } from '@fairway/shared';
import type { FastifyRequest } from 'fastify';
import { ConflictError } from '../../lib/errors';
import { getLang } from '../../lib/i18n';
import { createInvitation } from '../auth/auth.service';
import { dispatchEmails, type MailingDeps } from '../email/email.service';
import { logEvent, userDisplayName } from '../eventlogs/eventlogs.service';
import { notify } from '../notifications/notifications.service';
import { tenantOf } from '../organizations/tenant';
import { roleNameParam } from '../permissions/permissions.service';
import { findMember, findUserByEmail, insertMembership, insertUser, replaceClubAccess } from './users.repository';
import { type Actor, checkInvitation, loadUser } from './users.service';

/**
 * POST users/invite (docs/permissions.md#inviting): a new person gets an account without a password; someone who
 * already uses Fairway elsewhere is added as an invited member of this organisation. Either way
 * the membership stays `invited` until the e-mailed link is used, and the invitation e-mail goes
 * out only after the commit.
 */
export async function inviteUser(
  deps: MailingDeps,
  actor: Actor,
  body: InviteUserBody,
  request: Pick<FastifyRequest, 'headers'>,
): Promise<User> {
  const tenant = tenantOf(actor);
  const { userId, emailId } = await deps.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, body.email);
    if (existing && (await findMember(tx, tenant, existing.id))) throw new ConflictError('users.alreadyMember');
    const checked = await checkInvitation(tx, actor, body);

    let userId = existing?.id;
    if (!userId) {
      userId = await insertUser(tx, { email: body.email, name: body.name, currentOrganisationId: tenant.organisationId });
    }
    await insertMembership(tx, tenant, { userId, roleId: checked.roleId, status: 'invited' });
    await replaceClubAccess(tx, tenant, userId, checked.clubAccountIds);
    const invitation = await createInvitation(tx, {
      userId,
      organisationId: tenant.organisationId,
      invitedBy: actor.userId,
      lang: getLang(request),
      publicUrl: deps.config.PUBLIC_URL,
    });
    const member = await findMember(tx, tenant, userId);
    const role = member ? roleNameParam({ name: member.role, system: member.roleSystem }) : '';
    const params = { actor: await userDisplayName(tx, actor.userId), name: body.name, email: body.email, role };
    await logEvent(tx, {
      organisationId: tenant.organisationId,
      resource: 'users',
      activity: 'eventlogs.userInvited',
      params,
      type: 'INFO',
    });
    await notify(tx, {
      organisationId: tenant.organisationId,
      allOwners: true,
      subject: 'notifications.userInvited.subject',
      message: 'notifications.userInvited.message',
      params,
      link: '/dashboard/configuration/users',
    });
    return { userId, emailId: invitation.emailId };
  });
  await dispatchEmails(deps, [emailId]);
  return loadUser(deps.db, tenant, userId);
}
