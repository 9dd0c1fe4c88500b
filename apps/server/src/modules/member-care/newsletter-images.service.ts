import { NEWSLETTER_IMAGE_TYPES, type NewsletterImage, type NewsletterImageType } from '@fairway/shared';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { type MemberCareActor, memberCareTenantOf } from './email-templates.service';
import { findNewsletterImage, insertNewsletterImage } from './member-care.repository';

/** Where the API serves a stored image, below the API's `/api/v1`. */
export const NEWSLETTER_IMAGES_PATH = '/member_care/newsletter/images';

/**
 * The image type read from the bytes (file-type reads the magic numbers and the structure after
 * them), or null for anything that is not one of the newsletter types: a file named .png that is
 * really HTML, an SVG (which can carry script), a PDF.
 */
export async function sniffNewsletterImage(bytes: Buffer): Promise<NewsletterImageType | null> {
  const found = await fileTypeFromBuffer(bytes);
  return found && (NEWSLETTER_IMAGE_TYPES as readonly string[]).includes(found.mime) ? (found.mime as NewsletterImageType) : null;
}

/** The address an image is served from: absolute, on the portal's own origin. */
export const newsletterImageUrl = (publicUrl: string, id: string) => `${publicUrl}/api/v1${NEWSLETTER_IMAGES_PATH}/${id}`;

/** POST member_care/newsletter/images: stores an image whose type was read from its bytes. */
export async function storeNewsletterImage(
  db: Db,
  actor: MemberCareActor,
  image: { contentType: NewsletterImageType; content: Buffer },
  publicUrl: string,
): Promise<NewsletterImage> {
  const row = await insertNewsletterImage(db, memberCareTenantOf(actor), image, actor.userId);
  return {
    id: row.id,
    url: newsletterImageUrl(publicUrl, row.id),
    contentType: row.contentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET member_care/newsletter/images/{id}: the image's bytes and type, for anyone holding its address. */
export async function readNewsletterImage(db: Db, id: string): Promise<{ contentType: NewsletterImageType; content: Buffer }> {
  const image = await findNewsletterImage(db, id);
  if (!image) throw new NotFoundError('memberCare.imageNotFound');
  return image;
}
