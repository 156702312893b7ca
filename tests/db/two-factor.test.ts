import * as OTPAuth from "otpauth";
import { expect, it } from "vitest";
import { unitOfWork } from "~/db/unit-of-work.server";
import { acceptTotpCode, checkTotp, disableTwoFactor, enableTwoFactor, startTwoFactor, twoFactorState } from "~/auth/two-factor.server";
import { createUser } from "~/users/users.server";
import { describeEachDatabase } from "../support/databases";

const code = (secret: string, timestamp = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp });

describeEachDatabase("two-factor authentication", (t) => {
  it("turns on only with a valid code, and off only with one", async () => {
    const user = await createUser(t.db, { email: "totp@example.com", name: "Totp" });
    const setup = await startTwoFactor(t.db, user.id);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Cashwise:totp%40example\.com\?/);
    expect(setup.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(await unitOfWork(t.db, (tx) => enableTwoFactor(tx, user.id, "12345"))).toBe(false);
    expect(await unitOfWork(t.db, (tx) => enableTwoFactor(tx, user.id, code(setup.secret, Date.now() - 120_000)))).toBe(false);
    expect((await twoFactorState(t.db, user.id)).enabled).toBe(false);
    expect(await unitOfWork(t.db, (tx) => enableTwoFactor(tx, user.id, code(setup.secret)))).toBe(true);
    expect((await twoFactorState(t.db, user.id)).enabled).toBe(true);
    await expect(startTwoFactor(t.db, user.id)).rejects.toThrow();
    expect(await unitOfWork(t.db, (tx) => disableTwoFactor(tx, user.id, "000000" === code(setup.secret) ? "111111" : "000000"))).toBe(
      false,
    );
    // The code that turned it on is spent: a code is good once (its time step is stored).
    expect(await unitOfWork(t.db, (tx) => disableTwoFactor(tx, user.id, code(setup.secret)))).toBe(false);
    // The next time step's code (one step of clock drift is allowed) is fresh.
    expect(await unitOfWork(t.db, (tx) => disableTwoFactor(tx, user.id, code(setup.secret, Date.now() + 30_000)))).toBe(true);
    expect(await twoFactorState(t.db, user.id)).toMatchObject({ enabled: false, secret: null });
  });

  it("a code is good once, even when two requests race with it", async () => {
    const user = await createUser(t.db, { email: "replay@example.com", name: "Replay" });
    const setup = await startTwoFactor(t.db, user.id);
    const now = Date.now();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => acceptTotpCode(t.db, user.id, code(setup.secret, now), { timestamp: now })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    // An older step is refused after a newer one was used.
    expect(await acceptTotpCode(t.db, user.id, code(setup.secret, now - 30_000), { timestamp: now })).toBe(false);
    expect(await acceptTotpCode(t.db, user.id, code(setup.secret, now + 30_000), { timestamp: now })).toBe(true);
  });

  it("accepts one step of clock drift either way, not more", () => {
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const now = Date.UTC(2026, 10, 21, 12, 0, 15);
    expect(checkTotp(secret, code(secret, now), now)).toBe(true);
    expect(checkTotp(secret, code(secret, now - 30_000), now)).toBe(true);
    expect(checkTotp(secret, code(secret, now + 30_000), now)).toBe(true);
    expect(checkTotp(secret, code(secret, now - 90_000), now)).toBe(false);
    expect(checkTotp(secret, "abcdef", now)).toBe(false);
  });
});
