/**
 * Passwords: owns hashing and verifying them (argon2id with OWASP's recommended parameters,
 * through @node-rs/argon2). Plain passwords never leave this module's callers' stack frames:
 * nothing here logs or stores them.
 */
import { hash, verify } from "@node-rs/argon2";

// 19 MiB, 2 passes, 1 lane: OWASP's minimum recommendation for argon2id.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
