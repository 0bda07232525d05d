/**
 * Reads the new-post screen's multipart form and decodes it with the wire format's decoder
 * (decodePostCreateForm in @snapshire/contracts), refusing oversized bodies before they are buffered.
 *
 * The body is gathered once into one buffer and the form is read from it in place: the photo is a view
 * into that buffer, never copied. The runtime's own Request.formData() held several copies of the body
 * (tens of MB for a 10 MB photo), a large share of the function's memory budget.
 */
import { decodePostCreateForm, LIMITS, MESSAGES, type PostCreateRequest } from '@snapshire/contracts';
import { HttpError } from '../_shared/http.ts';

/** The photo plus room for the other fields and the multipart framing. */
export const MAX_BODY_BYTES = LIMITS.UPLOAD_MAX_BYTES + 64 * 1024;

/** A file field of the form: what the schema checks (name, size, declared type) and its bytes. */
export interface FormFile {
  name: string;
  size: number;
  type: string;
  bytes: Uint8Array;
}

/** Reads at most `limit` bytes of the body into one buffer; more is a 413 whatever Content-Length claimed. */
export async function readBodyLimited(req: Request, limit: number = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (declared > limit) throw new HttpError(413, MESSAGES.PHOTO_TOO_LARGE);
  if (!req.body) return new Uint8Array();
  let buffer = new Uint8Array(Number.isFinite(declared) && declared >= 0 ? declared : 64 * 1024);
  let total = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (total + value.byteLength > limit) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(413, MESSAGES.PHOTO_TOO_LARGE);
    }
    if (total + value.byteLength > buffer.length) {
      const grown = new Uint8Array(Math.min(limit, Math.max(buffer.length * 2, total + value.byteLength)));
      grown.set(buffer.subarray(0, total));
      buffer = grown;
    }
    buffer.set(value, total);
    total += value.byteLength;
  }
  return buffer.subarray(0, total);
}

const CRLF_CRLF = new Uint8Array([13, 10, 13, 10]);

/** Index of `needle` in `haystack` from `from`, or -1. */
function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0]!;
  for (
    let i = haystack.indexOf(first, from);
    i !== -1 && i + needle.length <= haystack.length;
    i = haystack.indexOf(first, i + 1)
  ) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

/** A quoted or bare parameter of a header value (name="file", filename="a.jpg"). */
function headerParam(header: string, param: string): string | undefined {
  const m =
    new RegExp(`;\\s*${param}="([^"]*)"`, 'i').exec(header) ?? new RegExp(`;\\s*${param}=([^;\\s]*)`, 'i').exec(header);
  return m?.[1];
}

/**
 * The fields of a multipart/form-data body (RFC 7578): text fields as strings, file fields as FormFile
 * views into `body`. The first field of a name wins, as FormData.get answers. Throws on a malformed body.
 */
export function parseMultipart(body: Uint8Array, boundary: string): Map<string, string | FormFile> {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const delimiter = encoder.encode(`--${boundary}`);
  const nextDelimiter = encoder.encode(`\r\n--${boundary}`);
  const fields = new Map<string, string | FormFile>();
  let at = indexOf(body, delimiter, 0);
  if (at === -1) throw new Error('no multipart boundary');
  at += delimiter.length;
  for (;;) {
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return fields; // closing delimiter "--"
    if (body[at] !== 13 || body[at + 1] !== 10) throw new Error('malformed multipart delimiter');
    const headersEnd = indexOf(body, CRLF_CRLF, at + 2);
    if (headersEnd === -1) throw new Error('multipart part without headers');
    const headers = decoder.decode(body.subarray(at + 2, headersEnd)).split('\r\n');
    const dataStart = headersEnd + 4;
    const dataEnd = indexOf(body, nextDelimiter, dataStart);
    if (dataEnd === -1) throw new Error('multipart body ends inside a part');
    const disposition = headers.find((h) => /^content-disposition:/i.test(h)) ?? '';
    const name = headerParam(disposition, 'name');
    if (name !== undefined && !fields.has(name)) {
      const filename = headerParam(disposition, 'filename');
      const data = body.subarray(dataStart, dataEnd);
      if (filename === undefined) fields.set(name, decoder.decode(data));
      else {
        const type = (headers.find((h) => /^content-type:/i.test(h)) ?? '').replace(/^content-type:\s*/i, '').trim();
        fields.set(name, { name: filename, size: data.length, type, bytes: data });
      }
    }
    at = dataEnd + nextDelimiter.length;
  }
}

/** Status for a list of validation messages: too large 413, not an image/JPEG 415, anything else 400. */
function statusFor(messages: string[]): number {
  if (messages.includes(MESSAGES.PHOTO_TOO_LARGE)) return 413;
  if (messages.includes(MESSAGES.ONLY_IMAGES) || messages.includes(MESSAGES.ONLY_JPEG)) return 415;
  return 400;
}

/**
 * The decoded request. Its width and height are the client's advisory claim and are not used: the post
 * records the size of the image it stores.
 */
export async function readPostCreateRequest(
  req: Request,
): Promise<PostCreateRequest<FormFile> & { categoryIds: string[] }> {
  const contentType = req.headers.get('content-type') ?? '';
  const boundary = /^multipart\/form-data\s*;.*\bboundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) throw new HttpError(400, MESSAGES.INVALID_FILE);
  const body = await readBodyLimited(req);
  let form: Map<string, string | FormFile>;
  try {
    form = parseMultipart(body, (boundary[1] ?? boundary[2])!);
  } catch {
    throw new HttpError(400, MESSAGES.INVALID_FILE);
  }
  const decoded = decodePostCreateForm(form);
  if (!decoded.success) {
    throw new HttpError(statusFor(decoded.issues), decoded.issues[0] ?? MESSAGES.POST_CREATE_FAILED, decoded.issues);
  }
  return decoded.data;
}
