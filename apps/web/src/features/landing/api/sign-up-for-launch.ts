import type { NotificationSignupBody, NotificationSignupResult } from '@fairway/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST landing_page/notification_signup (no token). Silent: the form shows its own messages. */
export async function signUpForLaunch(body: NotificationSignupBody): Promise<NotificationSignupResult> {
  return await api.post<NotificationSignupResult>('landing_page/notification_signup', body, { silent: true });
}

export function useSignUpForLaunch() {
  return useMutation({ mutationFn: signUpForLaunch });
}
