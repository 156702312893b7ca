/** Random tokens and their stored forms: only hashes (or HMACs) of secrets ever reach the database. */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** 32 random bytes, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** A six-digit code, uniformly random, with leading zeros. */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** A code is only a million guesses wide: keyed with the server secret, a stolen table cannot be brute-forced. */
export function codeHash(code: string, codeId: string, secret: string): string {
  return createHmac("sha256", secret).update(`code:${codeId}:${code}`).digest("hex");
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
