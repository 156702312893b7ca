/** The ad export fixtures (tests/fixtures/ads) as the import suites read them, and the import's refusals. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { parseAdsExport } from "~/ads/import/read.server";
import { AdsImportError } from "~/ads/import/types";

export const AD_FIXTURES = path.resolve(import.meta.dirname, "../fixtures/ads");

/** A fixture's bytes. */
export const adFixture = (name: string): Buffer => readFileSync(path.join(AD_FIXTURES, name));

/** A fixture as the import reads it. */
export const parseAdFixture = (name: string) => parseAdsExport(adFixture(name));

/** Text as the platforms' "Excel .csv" downloads write it: UTF-16LE after a byte order mark. */
export const utf16le = (text: string): Buffer => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);

/** The import's refusal of what `read` reads; fails the test when it is read, or refused with another error. */
export async function refusalOf(read: () => Promise<unknown>): Promise<AdsImportError> {
  try {
    await read();
  } catch (error) {
    expect(error).toBeInstanceOf(AdsImportError);
    return error as AdsImportError;
  }
  throw new Error("expected the file to be refused");
}
