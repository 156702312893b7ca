/**
 * Reading a multipart upload as it streams in: the file part's bytes arrive whole and in order,
 * with or without a declared body length, and a longer part than allowed is refused; `readUpload`,
 * the routes' one way in: the file at the limit, a longer one as
 * "too large", and a broken body, a body that is not multipart or a NUL byte as 400.
 */
import { describe, expect, it } from "vitest";
import { MultipartTooLargeError, readMultipart, readUpload, UploadedFile } from "~/utils/multipart.server";

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

describe("readUpload", () => {
  const status = (run: Promise<unknown>) =>
    run.then(
      () => 0,
      (thrown: { init?: { status?: number } }) => thrown.init?.status,
    );

  it("hands over the field's file (its bytes whole) and the other fields, up to the limit", async () => {
    for (const size of [0, 1_000]) {
      const bytes = sample(size);
      const read = await readUpload(await declared(bytes), { field: "file", maxBytes: 1_000 });
      if (!read.ok) throw new Error("expected the upload");
      expect(read.form.get("clientAccountId")).toBe("abc");
      expect(read.file?.name).toBe("report.csv");
      expect(Buffer.from(await read.bytes()).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it("answers a longer file as too large, and no file as none", async () => {
    for (const size of [1_001, 5_000]) {
      expect(await readUpload(await declared(sample(size)), { field: "file", maxBytes: 1_000 })).toEqual({ ok: false, error: "tooLarge" });
    }
    const none = await readUpload(await declared(sample(10)), { field: "logo", maxBytes: 1_000 });
    expect(none.ok && none.file).toBe(null);
    expect(none.ok && (await none.bytes()).byteLength).toBe(0);
  });

  it("answers 400 for a body that is not multipart, a broken one, and a NUL byte in a field", async () => {
    const form = new URLSearchParams({ logo: "x" });
    const urlencoded = new Request("http://localhost/upload", { method: "POST", body: form });
    expect(await status(readUpload(urlencoded, { field: "logo", maxBytes: 1_000 }))).toBe(400);
    const broken = new Request("http://localhost/upload", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunfinished',
    });
    expect(await status(readUpload(broken, { field: "logo", maxBytes: 1_000 }))).toBe(400);
    const withNul = new FormData();
    withNul.append("intent", "re\0move");
    const encoded = new Response(withNul);
    const nul = new Request("http://localhost/upload", {
      method: "POST",
      headers: { "content-type": encoded.headers.get("content-type")! },
      body: new Uint8Array(await encoded.arrayBuffer()),
    });
    expect(await status(readUpload(nul, { field: "logo", maxBytes: 1_000 }))).toBe(400);
  });
});
