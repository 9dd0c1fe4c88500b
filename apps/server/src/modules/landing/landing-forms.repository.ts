import type { ContactFormBody, NotificationSignupBody } from '@fairway/shared';
import type { Db, Tx } from '../../db/client';
import type { Lang } from '../../lib/i18n';
import { contactMessages, notificationSignups } from './landing-forms.tables';

/** The public forms write rows that belong to no tenant: the sender is not a customer (yet). */
export async function insertContactMessage(conn: Db | Tx, body: ContactFormBody, lang: Lang): Promise<string> {
  const [row] = await conn
    .insert(contactMessages)
    .values({
      name: body.name,
      email: body.email,
      phone: body.phone ?? null,
      club: body.club,
      subject: body.subject,
      message: body.message,
      consent: body.consent,
      lang,
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('contact_messages insert returned no row');
  return row.id;
}

/** Adds the address once; answers null when it was already on the list (nothing is changed). */
export async function insertSignupOnce(conn: Db | Tx, body: NotificationSignupBody, lang: Lang): Promise<string | null> {
  const [row] = await conn
    .insert(notificationSignups)
    .values({ email: body.email, name: body.name, club: body.club, lang })
    .onConflictDoNothing({ target: notificationSignups.email })
    .returning({ id: notificationSignups.id });
  return row?.id ?? null;
}
