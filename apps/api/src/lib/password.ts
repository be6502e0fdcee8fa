import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum parameters: 19 MiB of memory, 2 passes, one lane. */
// 2 is Algorithm.Argon2id; the package's const enum cannot be imported under verbatimModuleSyntax.
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A real hash of a random password, verified against when the account does not exist so that
 * unknown and known accounts take the same time to refuse.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}-Aa1!`);
  return decoyHash;
}
