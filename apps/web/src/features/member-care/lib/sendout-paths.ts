import type { SendoutChannel } from '@fairway/shared';

/** The list page of each channel (docs/member-care.md#the-send-out-pages). */
export const SENDOUT_LIST_PATHS: Record<SendoutChannel, string> = {
  email: '/dashboard/membercare/email-sendouts',
  sms: '/dashboard/membercare/sms-sendouts',
};

/**
 * A send-out's view on its channel's page: member care has no further routes, so the
 * page shows one send-out (`?sendout=<id>`), its form (`&edit=1`) or a new one (`?sendout=new`).
 */
export function sendoutHref(channel: SendoutChannel, id: string, edit = false): string {
  const query = new URLSearchParams({ sendout: id });
  if (edit) query.set('edit', '1');
  return `${SENDOUT_LIST_PATHS[channel]}?${query.toString()}`;
}
