import type { ContactFormBody, ContactFormResult } from '@fairway/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST landing_page/contact_form (no token). Silent: the form shows field errors and a 429 itself. */
export async function sendContactForm(body: ContactFormBody): Promise<ContactFormResult> {
  return await api.post<ContactFormResult>('landing_page/contact_form', body, { silent: true });
}

export function useSendContactForm() {
  return useMutation({ mutationFn: sendContactForm });
}
