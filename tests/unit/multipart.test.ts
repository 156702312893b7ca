/**
 * Reading a multipart upload as it streams in: the file part's bytes arrive whole and in order,
 * with or without a declared body length, and a longer part than allowed is refused.
 */
import { describe, expect, it } from "vitest";
import { MultipartTooLargeError, readMultipart, UploadedFile } from "~/utils/multipart.server";

function upload(bytes: Uint8Array<ArrayBuffer>): Request {
  const form = new FormData();
  form.append("clientAccountId", "abc");
  form.append("file", new File([bytes], "report.csv", { type: "text/csv" }));
  const encoded = new Response(form);
  const type = encoded.headers.get("content-type")!;
  return new Request("http://localhost/upload", {
    method: "POST",
    headers: { "content-type": type },
    body: encoded.body,
    duplex: "half",
  } as RequestInit);
}

async function declared(bytes: Uint8Array<ArrayBuffer>): Promise<Request> {
  const form = new FormData();
  form.append("clientAccountId", "abc");
  form.append("file", new File([bytes], "report.csv", { type: "text/csv" }));
  const encoded = new Response(form);
  const body = new Uint8Array(await encoded.arrayBuffer());
  return new Request("http://localhost/upload", {
    method: "POST",
    headers: { "content-type": encoded.headers.get("content-type")!, "content-length": String(body.byteLength) },
    body,
  });
}

const sample = (size: number) => Uint8Array.from({ length: size }, (_, i) => (i * 31 + 7) % 251);

describe("readMultipart", () => {
  for (const size of [0, 1, 65_535, 300_000]) {
    it(`keeps a ${size}-byte file whole, streamed without a declared length and with one`, async () => {
      const bytes = sample(size);
      for (const request of [upload(bytes), await declared(bytes)]) {
        const form = await readMultipart(request, { maxFileBytes: 1_000_000 });
        expect(form.get("clientAccountId")).toBe("abc");
        const file = form.get("file");
        expect(file).toBeInstanceOf(File);
        expect(file).toBeInstanceOf(UploadedFile);
        const uploaded = file as UploadedFile;
        expect(uploaded.name).toBe("report.csv");
        expect(uploaded.size).toBe(size);
        expect(Buffer.from(await uploaded.bytes()).equals(Buffer.from(bytes))).toBe(true);
        expect(Buffer.from(await uploaded.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
      }
    });
  }

  it("refuses a file part longer than allowed", async () => {
    await expect(readMultipart(await declared(sample(2_000)), { maxFileBytes: 1_000 })).rejects.toBeInstanceOf(MultipartTooLargeError);
  });
});
