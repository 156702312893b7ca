import fs from "node:fs";
import { expect, it } from "vitest";
import { sniffImage } from "~/users/avatar.server";

it("recognises PNG, JPEG and WebP by their first bytes, whatever the name says", () => {
  expect(sniffImage(fs.readFileSync("public/icons/icon-192.png"))).toBe("image/png");
  expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe("image/jpeg");
  expect(sniffImage(new TextEncoder().encode("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "))).toBe("image/webp");
  expect(sniffImage(new TextEncoder().encode("GIF89a"))).toBeNull();
  expect(sniffImage(new TextEncoder().encode("<svg xmlns=...>"))).toBeNull();
  expect(sniffImage(new Uint8Array())).toBeNull();
});
