import type { UserSeats } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const userSeatsKey = ['users', 'seats'] as const;

/** GET users/seats: the package's user limit and the seats taken, shown as the invite dialog opens. */
export async function getUserSeats(signal?: AbortSignal): Promise<UserSeats> {
  return await api.get<UserSeats>('users/seats', { signal, silent: true });
}

export function useUserSeats(enabled: boolean) {
  return useQuery({ queryKey: userSeatsKey, queryFn: ({ signal }) => getUserSeats(signal), enabled, staleTime: 0 });
}
