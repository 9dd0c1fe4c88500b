import type { Prng } from '../../../lib/prng';

/** A GUID-shaped id from the PRNG, so seeded documents keep their ids between starts. */
export function seededGuid(prng: Prng): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(prng.next() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
