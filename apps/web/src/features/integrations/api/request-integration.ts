import type { IntegrationRequest, RequestIntegrationBody } from '@fairway/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST request_integration/: our support is e-mailed and answers within 48 hours. */
export async function requestIntegration(body: RequestIntegrationBody): Promise<IntegrationRequest> {
  return await api.post<IntegrationRequest>('request_integration/', body, { silent: true });
}

export function useRequestIntegration() {
  return useMutation({ mutationFn: requestIntegration });
}
