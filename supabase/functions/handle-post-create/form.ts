/**
 * Reads the multipart form of SPEC.md section 7 and validates it with the upload screen's own schema
 * (@snapshire/contracts), refusing oversized bodies before they are buffered.
 */
import { LIMITS, MESSAGES, issueMessages, postCreateRequestSchema, readPostCreateForm } from '@snapshire/contracts';
import { HttpError } from '../_shared/http.ts';

/** The photo plus room for the other fields and the multipart framing. */
export const MAX_BODY_BYTES = LIMITS.UPLOAD_MAX_BYTES + 64 * 1024;

export interface PostCreateRequest {
  groupId: string;
  file: File;
  description: string | undefined;
  photoType: 'DIGITAL' | 'FILM';
  cameraMake: string | undefined;
  cameraModel: string | undefined;
  categoryIds: string[];
}

/** Reads at most `limit` bytes of the body; more is a 413 whatever Content-Length claimed. */
export async function readBodyLimited(req: Request, limit: number = MAX_BODY_BYTES): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (declared > limit) throw new HttpError(413, MESSAGES.PHOTO_TOO_LARGE);
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(413, MESSAGES.PHOTO_TOO_LARGE);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** Status for a list of validation messages: too large 413, not an image/JPEG 415, anything else 400. */
function statusFor(messages: string[]): number {
  if (messages.includes(MESSAGES.PHOTO_TOO_LARGE)) return 413;
  if (messages.includes(MESSAGES.ONLY_IMAGES) || messages.includes(MESSAGES.ONLY_JPEG)) return 415;
  return 400;
}

export async function readPostCreateRequest(req: Request): Promise<PostCreateRequest> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) throw new HttpError(400, MESSAGES.INVALID_FILE);
  const body = await readBodyLimited(req);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new HttpError(400, MESSAGES.INVALID_FILE);
  }
  const parsed = postCreateRequestSchema.safeParse(readPostCreateForm(form));
  if (!parsed.success) {
    const messages = issueMessages(parsed.error);
    throw new HttpError(statusFor(messages), messages[0] ?? MESSAGES.POST_CREATE_FAILED, messages);
  }
  const file = form.get('file');
  if (!(file instanceof Blob)) throw new HttpError(400, MESSAGES.INVALID_FILE);
  const { groupId, fields } = parsed.data;
  return {
    groupId: groupId.toLowerCase(),
    file: file as File,
    description: fields.description,
    photoType: fields.photoType,
    cameraMake: fields.cameraMake,
    cameraModel: fields.cameraModel,
    // The client's width and height are not used: the stored image's own size is recorded.
    categoryIds: [...new Set(fields.categoryIds.map((id) => id.toLowerCase()))],
  };
}
