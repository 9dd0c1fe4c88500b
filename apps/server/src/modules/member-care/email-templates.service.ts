import {
  EMAIL_TEMPLATE_TITLE_MAX,
  type EmailTemplate,
  type EmailTemplateBody,
  type EmailTemplateListItem,
  type EmailTemplatePreview,
  type EmailTemplatePreviewBody,
  type EmailTemplatesListQuery,
  emailDesignSchema,
  type Lang,
  type Pagination,
  type ReadyTemplate,
  type ReadyTemplateKey,
} from '@fairway/shared';
import type { Db, Tx } from '../../db/client';
import { BusinessError, NotFoundError } from '../../lib/errors';
import { type MessageKey, t } from '../../lib/i18n';
import type { AuthContext } from '../../plugins/auth';
import { logEvent, userDisplayName } from '../eventlogs/eventlogs.service';
import { type RecipientFields, renderDesign, renderForRecipient } from './email-render';
import {
  type AccountTenant,
  clubAccountName,
  deleteEmailTemplate,
  type EmailTemplateRow,
  type EmailTemplateValues,
  findEmailTemplate,
  insertEmailTemplate,
  listEmailTemplates as listRows,
  updateEmailTemplate as updateRow,
} from './member-care.repository';
import { READY_TEMPLATES } from './ready-templates';

/** Who acts: `request.auth`; templates belong to the club account in use. */
export type MemberCareActor = Pick<AuthContext, 'userId' | 'organisationId' | 'clubAccountId'>;

export function memberCareTenantOf(actor: Pick<MemberCareActor, 'organisationId' | 'clubAccountId'>): AccountTenant {
  if (!actor.clubAccountId) throw new BusinessError(400, 'memberCare.noClubAccount');
  return { organisationId: actor.organisationId, clubAccountId: actor.clubAccountId };
}

function toTemplate(row: EmailTemplateRow): EmailTemplate {
  return {
    id: row.id,
    title: row.title,
    subject: row.subject,
    lang: row.lang,
    design: row.design,
    html: row.html,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored columns of a template body: what was sent, and the HTML and text rendered from it. */
async function renderedValues(body: EmailTemplateBody): Promise<EmailTemplateValues> {
  const { html, text } = await renderDesign(body);
  return { title: body.title, subject: body.subject, lang: body.lang, design: body.design, html, text };
}

async function logTemplate(tx: Tx, tenant: AccountTenant, actor: MemberCareActor, activity: MessageKey, title: string) {
  await logEvent(tx, {
    organisationId: tenant.organisationId,
    clubAccountId: tenant.clubAccountId,
    resource: 'email',
    activity,
    params: { actor: await userDisplayName(tx, actor.userId), title },
    type: 'INFO',
  });
}

async function insert(db: Db, actor: MemberCareActor, values: EmailTemplateValues): Promise<EmailTemplate> {
  const tenant = memberCareTenantOf(actor);
  return db.transaction(async (tx) => {
    const row = await insertEmailTemplate(tx, tenant, values, actor.userId);
    await logTemplate(tx, tenant, actor, 'memberCare.templateCreated', row.title);
    return toTemplate(row);
  });
}

/** GET member_care/templates: the club account's templates, searched, sorted and paged. */
export async function listEmailTemplates(
  db: Db,
  actor: MemberCareActor,
  query: EmailTemplatesListQuery,
): Promise<{ data: EmailTemplateListItem[]; pagination: Pagination }> {
  const { rows, total } = await listRows(db, memberCareTenantOf(actor), query);
  return {
    data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() })),
    pagination: { page: query.page, pageSize: query.pageSize, total },
  };
}

/** GET member_care/templates/{id}; another club account's or organisation's id answers 404. */
export async function getEmailTemplate(db: Db, actor: MemberCareActor, id: string): Promise<EmailTemplate> {
  const row = await findEmailTemplate(db, memberCareTenantOf(actor), id);
  if (!row) throw new NotFoundError('memberCare.templateNotFound');
  return toTemplate(row);
}

/** POST member_care/templates: renders the design and stores it with its HTML and text. */
export async function createEmailTemplate(db: Db, actor: MemberCareActor, body: EmailTemplateBody): Promise<EmailTemplate> {
  memberCareTenantOf(actor);
  return insert(db, actor, await renderedValues(body));
}

/** PUT member_care/templates/{id}: replaces the whole template and renders it again. */
export async function updateEmailTemplate(
  db: Db,
  actor: MemberCareActor,
  id: string,
  body: EmailTemplateBody,
): Promise<EmailTemplate> {
  const tenant = memberCareTenantOf(actor);
  // Rendered before the transaction: it takes a while and needs no row.
  const values = await renderedValues(body);
  return db.transaction(async (tx) => {
    const row = await updateRow(tx, tenant, id, values, actor.userId);
    if (!row) throw new NotFoundError('memberCare.templateNotFound');
    await logTemplate(tx, tenant, actor, 'memberCare.templateUpdated', row.title);
    return toTemplate(row);
  });
}

/** DELETE member_care/templates/{id}. */
export async function removeEmailTemplate(db: Db, actor: MemberCareActor, id: string): Promise<void> {
  const tenant = memberCareTenantOf(actor);
  await db.transaction(async (tx) => {
    const row = await deleteEmailTemplate(tx, tenant, id);
    if (!row) throw new NotFoundError('memberCare.templateNotFound');
    await logTemplate(tx, tenant, actor, 'memberCare.templateDeleted', row.title);
  });
}

/** The title of a copy, "Nyhetsbrev (kopia)" in the reader's language, within the title's length. */
export function copyTitle(title: string, lang: Lang): string {
  const suffix = t('memberCare.copyTitle', lang, { title: '' });
  return t('memberCare.copyTitle', lang, { title: title.slice(0, EMAIL_TEMPLATE_TITLE_MAX - suffix.length).trimEnd() });
}

/** POST member_care/templates/{id}/duplicate: a new template with the same design, titled as a copy. */
export async function duplicateEmailTemplate(db: Db, actor: MemberCareActor, id: string, lang: Lang): Promise<EmailTemplate> {
  const original = await findEmailTemplate(db, memberCareTenantOf(actor), id);
  if (!original) throw new NotFoundError('memberCare.templateNotFound');
  return insert(db, actor, {
    title: copyTitle(original.title, lang),
    subject: original.subject,
    lang: original.lang,
    design: original.design,
    html: original.html,
    text: original.text,
  });
}

let ready: Promise<ReadyTemplate[]> | undefined;

/** The shipped ready templates, rendered once per process (they change only with a release). */
function renderedReadyTemplates(): Promise<ReadyTemplate[]> {
  ready ??= Promise.all(
    READY_TEMPLATES.map(async (data) => {
      const design = emailDesignSchema.parse(data.design);
      const { html, text } = await renderDesign({ subject: data.subject, lang: data.lang, design });
      return { key: data.key, kind: data.kind, lang: data.lang, title: data.title, subject: data.subject, design, html, text };
    }),
  );
  ready.catch(() => {
    ready = undefined;
  });
  return ready;
}

/** GET member_care/templates/ready: the ready templates, optionally of one language. */
export async function listReadyTemplates(lang?: Lang): Promise<ReadyTemplate[]> {
  const all = await renderedReadyTemplates();
  return lang ? all.filter((r) => r.lang === lang) : all;
}

/** POST member_care/templates/ready/{key}/copy: the ready template becomes one of the club account's own. */
export async function copyReadyTemplate(db: Db, actor: MemberCareActor, key: ReadyTemplateKey): Promise<EmailTemplate> {
  memberCareTenantOf(actor);
  const found = (await renderedReadyTemplates()).find((r) => r.key === key);
  if (!found) throw new NotFoundError('memberCare.templateNotFound');
  return insert(db, actor, {
    title: found.title,
    subject: found.subject,
    lang: found.lang,
    design: found.design,
    html: found.html,
    text: found.text,
  });
}

/**
 * The example member a preview is filled with (docs/member-care.md#preview): the same for every
 * club, so the office sees how each field reads without a real member's details on screen.
 */
export const PREVIEW_MEMBER: Omit<RecipientFields, 'clubName'> = {
  firstname: 'Anna',
  lastname: 'Andersson',
  golfId: '850312-001',
  memberNumber: '1001',
  email: 'anna.andersson@example.se',
  memberCategory: 'Senior',
  invoiceBalanceOre: 123_450,
};

/**
 * POST member_care/templates/preview: renders the subject and design as a save would, without
 * storing anything, and fills the member fields with PREVIEW_MEMBER and the club account's name.
 */
export async function previewEmailTemplate(
  db: Db,
  actor: MemberCareActor,
  body: EmailTemplatePreviewBody,
): Promise<EmailTemplatePreview> {
  const tenant = memberCareTenantOf(actor);
  const rendered = await renderDesign(body);
  const clubName = await clubAccountName(db, tenant);
  return renderForRecipient(
    { subject: body.subject, html: rendered.html, text: rendered.text, lang: body.lang },
    {
      ...PREVIEW_MEMBER,
      clubName,
    },
  );
}
