import type { EmailTemplatesListQuery, NewsletterImageType, SendoutChannel } from '@fairway/shared';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { likePattern } from '../../lib/sql';
import type { AccountTenant } from '../configurations/configurations.repository';
import { clubAccounts } from '../organizations/organizations.tables';
import { emailTemplates, memberCareUnsubscribes, newsletterImages } from './member-care.tables';

export type { AccountTenant };

type Conn = Db | Tx;

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;
/** What a create or update writes; the tenant and the stamps are set here. */
export type EmailTemplateValues = Pick<
  typeof emailTemplates.$inferInsert,
  'title' | 'subject' | 'lang' | 'design' | 'html' | 'text'
>;
export type EmailTemplateListRow = Pick<EmailTemplateRow, 'id' | 'title' | 'subject' | 'lang' | 'createdAt' | 'updatedAt'>;

const templatesOf = (tenant: AccountTenant) =>
  and(eq(emailTemplates.organisationId, tenant.organisationId), eq(emailTemplates.clubAccountId, tenant.clubAccountId)) as SQL;

/** The club account's templates, searched (title, subject), sorted and paged; never the design or rendering. */
export async function listEmailTemplates(
  conn: Conn,
  tenant: AccountTenant,
  query: EmailTemplatesListQuery,
): Promise<{ rows: EmailTemplateListRow[]; total: number }> {
  const filters: SQL[] = [templatesOf(tenant)];
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(or(ilike(emailTemplates.title, pattern), ilike(emailTemplates.subject, pattern)) as SQL);
  }
  const where = and(...filters);
  const direction = query.order === 'desc' ? desc : asc;
  const byTitle = [direction(sql`lower(${emailTemplates.title})`), direction(emailTemplates.id)];
  const orderBy =
    query.sort === 'title'
      ? byTitle
      : [
          direction(query.sort === 'createdAt' ? emailTemplates.createdAt : emailTemplates.updatedAt),
          direction(emailTemplates.id),
        ];

  const [totalRow] = await conn.select({ total: count() }).from(emailTemplates).where(where);
  const rows = await conn
    .select({
      id: emailTemplates.id,
      title: emailTemplates.title,
      subject: emailTemplates.subject,
      lang: emailTemplates.lang,
      createdAt: emailTemplates.createdAt,
      updatedAt: emailTemplates.updatedAt,
    })
    .from(emailTemplates)
    .where(where)
    .orderBy(...orderBy)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function findEmailTemplate(conn: Conn, tenant: AccountTenant, id: string): Promise<EmailTemplateRow | null> {
  const [row] = await conn
    .select()
    .from(emailTemplates)
    .where(and(templatesOf(tenant), eq(emailTemplates.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertEmailTemplate(
  conn: Conn,
  tenant: AccountTenant,
  values: EmailTemplateValues,
  userId: string,
): Promise<EmailTemplateRow> {
  const [row] = await conn
    .insert(emailTemplates)
    .values({
      ...values,
      organisationId: tenant.organisationId,
      clubAccountId: tenant.clubAccountId,
      createdBy: userId,
      updatedBy: userId,
    })
    .returning();
  if (!row) throw new Error('email template insert returned no row');
  return row;
}

/** Replaces the template; null when the tenant has no such template. */
export async function updateEmailTemplate(
  conn: Conn,
  tenant: AccountTenant,
  id: string,
  values: EmailTemplateValues,
  userId: string,
): Promise<EmailTemplateRow | null> {
  const [row] = await conn
    .update(emailTemplates)
    .set({ ...values, updatedBy: userId, updatedAt: new Date() })
    .where(and(templatesOf(tenant), eq(emailTemplates.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes the template; null when the tenant has no such template. */
export async function deleteEmailTemplate(conn: Conn, tenant: AccountTenant, id: string): Promise<EmailTemplateRow | null> {
  const [row] = await conn
    .delete(emailTemplates)
    .where(and(templatesOf(tenant), eq(emailTemplates.id, id)))
    .returning();
  return row ?? null;
}

// ---- newsletter images ------------------------------------------------------------------------

export interface NewsletterImageRow {
  id: string;
  contentType: NewsletterImageType;
  size: number;
  createdAt: Date;
}

export async function insertNewsletterImage(
  conn: Conn,
  tenant: AccountTenant,
  image: { contentType: NewsletterImageType; content: Buffer },
  userId: string,
): Promise<NewsletterImageRow> {
  const [row] = await conn
    .insert(newsletterImages)
    .values({
      organisationId: tenant.organisationId,
      clubAccountId: tenant.clubAccountId,
      contentType: image.contentType,
      size: image.content.length,
      content: image.content,
      createdBy: userId,
    })
    .returning({
      id: newsletterImages.id,
      contentType: newsletterImages.contentType,
      size: newsletterImages.size,
      createdAt: newsletterImages.createdAt,
    });
  if (!row) throw new Error('newsletter image insert returned no row');
  return row;
}

/**
 * An image by its id alone: mail programs fetch newsletter images with no session, so the
 * unguessable id is what gives access (docs/member-care.md#newsletter-images).
 */
export async function findNewsletterImage(
  conn: Conn,
  id: string,
): Promise<{ contentType: NewsletterImageType; content: Buffer } | null> {
  const [row] = await conn
    .select({ contentType: newsletterImages.contentType, content: newsletterImages.content })
    .from(newsletterImages)
    .where(eq(newsletterImages.id, id))
    .limit(1);
  return row ?? null;
}

// ---- unsubscribes -----------------------------------------------------------------------------

/** The organisation's members who unsubscribed from the channel (few, so all of them). */
export async function unsubscribedMembers(conn: Conn, organisationId: string, channel: SendoutChannel): Promise<Set<string>> {
  const rows = await conn
    .select({ memberId: memberCareUnsubscribes.memberId })
    .from(memberCareUnsubscribes)
    .where(and(eq(memberCareUnsubscribes.organisationId, organisationId), eq(memberCareUnsubscribes.channel, channel)));
  return new Set(rows.map((r) => r.memberId));
}

/** Stores the member's unsubscribe (a repeat keeps the first); true when it is new. */
export async function insertUnsubscribe(
  conn: Conn,
  values: { organisationId: string; memberId: string; channel: SendoutChannel; source: string; sendoutId: string | null },
): Promise<boolean> {
  const rows = await conn
    .insert(memberCareUnsubscribes)
    .values(values)
    .onConflictDoNothing()
    .returning({ memberId: memberCareUnsubscribes.memberId });
  return rows.length > 0;
}

/** The club account's name (the `clubName` member field, and the sender when none is configured). */
export async function clubAccountName(conn: Conn, tenant: AccountTenant): Promise<string> {
  const [row] = await conn
    .select({ name: clubAccounts.name })
    .from(clubAccounts)
    .where(and(eq(clubAccounts.id, tenant.clubAccountId), eq(clubAccounts.organisationId, tenant.organisationId)));
  return row?.name ?? '';
}
