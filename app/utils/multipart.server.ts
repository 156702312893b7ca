/**
 * Reading a multipart upload as it streams in (busboy): owns turning a request body into the
 * `FormData` a Conform schema parses, a file part at most `maxFileBytes` long. The parser works on
 * each chunk as it arrives, so a 20 MB upload never holds the event loop for long (Remix's
 * `unstable_parseMultipartFormData` spent about 2 s of CPU in one stretch on a 15 MB body, and
 * `Request.formData()` 0.4 s). Throws `MultipartTooLargeError` for a longer file part and
 * `MultipartError` for a body that is not multipart or is broken. Routes call `readUpload` (below),
 * the one way an upload is read: its limit, its "too large" answer and its 400 for a broken body.
 */
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { badRequest } from "~/utils/form-data.server";
import { NamedError } from "~/utils/named-error";

export class MultipartError extends NamedError {
  constructor(message: string) {
    super(message);
  }
}

export class MultipartTooLargeError extends NamedError {
  constructor(readonly field: string) {
    super(`the file part ${field} is too large`);
  }
}

/**
 * A file part as it arrived: a `File` (schemas check `instanceof File`, `size`, `name`) whose bytes
 * are copied chunk by chunk into one buffer while the body streams in. Copying 15 MB at once (the
 * `File` constructor, then `arrayBuffer()`) held the event loop for 50-130 ms each on this machine;
 * the buffer is allocated once for the body's declared length (grown by doubling without one), and
 * `bytes` hands it over without another copy.
 */
export class UploadedFile extends File {
  #buffer: Buffer;
  #size = 0;

  /** `capacity`: the bytes expected (the body's length), so that the buffer is allocated once. */
  constructor(name: string, type: string, capacity = 0) {
    super([], name, { type });
    this.#buffer = Buffer.allocUnsafe(capacity);
  }

  append(chunk: Buffer) {
    if (this.#size + chunk.byteLength > this.#buffer.byteLength) {
      const grown = Buffer.allocUnsafe(Math.max(64 * 1024, (this.#size + chunk.byteLength) * 2));
      this.#buffer.copy(grown, 0, 0, this.#size);
      this.#buffer = grown;
    }
    chunk.copy(this.#buffer, this.#size);
    this.#size += chunk.byteLength;
  }

  override get size(): number {
    return this.#size;
  }

  /** The file's bytes (a view of the buffer they were read into, not a copy). */
  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(this.#buffer.buffer as ArrayBuffer, this.#buffer.byteOffset, this.#size);
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return (await this.bytes()).slice().buffer;
  }

  override async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }

  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    const bytes = this.bytes();
    return new ReadableStream({
      async start(controller) {
        controller.enqueue(await bytes);
        controller.close();
      },
    });
  }
}

export async function readMultipart(request: Request, options: { maxFileBytes: number; maxFields?: number }): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) throw new MultipartError("not a multipart body");
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { fileSize: options.maxFileBytes, files: 5, fields: options.maxFields ?? 20, fieldSize: 64 * 1024 },
    });
  } catch (error) {
    throw new MultipartError(error instanceof Error ? error.message : "a broken multipart body");
  }
  // The body's length bounds the file's (pages of the buffer are only touched as chunks arrive).
  const declared = Number(request.headers.get("content-length"));
  const capacity = Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, options.maxFileBytes) : 0;
  const form = new FormData();
  const pending: Promise<void>[] = [];
  let failure: Error | null = null;
  parser.on("field", (name, value) => form.append(name, value));
  parser.on("file", (name, stream, info) => {
    const file = new UploadedFile(info.filename ?? "", info.mimeType, capacity);
    stream.on("data", (chunk: Buffer) => file.append(chunk));
    stream.on("limit", () => (failure ??= new MultipartTooLargeError(name)));
    pending.push(
      new Promise((resolve) => {
        stream.on("close", () => {
          if (!failure) form.append(name, file);
          resolve();
        });
      }),
    );
  });
  const body = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);
  await new Promise<void>((resolve, reject) => {
    parser.once("close", resolve);
    parser.once("error", (error: Error) => reject(new MultipartError(error.message)));
    body.once("error", reject);
    body.pipe(parser);
  });
  await Promise.all(pending);
  if (failure) throw failure;
  return form;
}

/** An upload as a route reads it: the whole form (for a Conform schema), the `field`'s file and its bytes. */
export type Upload =
  | { ok: true; form: FormData; file: File | null; bytes: () => Promise<Uint8Array> }
  /** The file part was longer than `maxBytes`: the route answers with its own "too large" message. */
  | { ok: false; error: "tooLarge" };

/**
 * The one way a route reads a multipart upload: `field`'s file, at most `maxBytes` long, and the
 * other fields as they are. A longer file comes back as `{ ok: false, error: "tooLarge" }` (the
 * route answers with its own message and status); a body that is not multipart or is broken (or
 * cannot be read), or a value with a NUL byte, is answered 400 like `readForm`'s.
 */
export async function readUpload(request: Request, options: { field: string; maxBytes: number }): Promise<Upload> {
  let form: FormData;
  try {
    // busboy calls a part that reaches its limit too large: one byte more lets `maxBytes` through.
    form = await readMultipart(request, { maxFileBytes: options.maxBytes + 1 });
  } catch (error) {
    if (error instanceof MultipartTooLargeError) return { ok: false, error: "tooLarge" };
    // Not a multipart form at all, or a broken one: a bad request, not a server error.
    badRequest();
  }
  for (const [name, value] of form) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) badRequest();
  }
  const value = form.get(options.field);
  const file = value instanceof File ? value : null;
  return { ok: true, form, file, bytes: () => fileBytes(file) };
}

/** A file's bytes (an `UploadedFile`'s without another copy); none for no file. */
export async function fileBytes(file: File | null): Promise<Uint8Array> {
  if (!file) return new Uint8Array();
  return file instanceof UploadedFile ? file.bytes() : new Uint8Array(await file.arrayBuffer());
}
