import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id (the library's default algorithm) with OWASP's baseline parameters: 19 MiB, two
 * passes, one lane. The parameters travel inside the PHC string, so raising them later only
 * affects new hashes while old ones keep verifying.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a malformed stored hash alike: both mean "refuse". */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification for an e-mail that has no account (or no password yet),
 * so the login answer's timing does not reveal which e-mails exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-that-never-matches-Aa1!');
  await verifyPassword(await dummyHash, password);
  return false;
}

/** True when `password` matches any of the given hashes (password-history reuse check). */
export async function matchesAny(passwordHashes: readonly string[], password: string): Promise<boolean> {
  for (const stored of passwordHashes) {
    if (await verifyPassword(stored, password)) return true;
  }
  return false;
}
