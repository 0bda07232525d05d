import { z } from 'zod';
import { PHOTO_TYPES } from './enums.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';

// No code generation: the site's Content-Security-Policy forbids eval, and zod would otherwise probe for it
// with Function('') (a CSP violation report on every page) before parsing.
z.config({ jitless: true });

/** Login and sign-up form. */
export const credentialsSchema = z.object({
  email: z.string().trim().email({ message: MESSAGES.INVALID_EMAIL }),
  password: z.string().min(LIMITS.PASSWORD_MIN_LENGTH, { message: MESSAGES.PASSWORD_TOO_SHORT }),
});
export type Credentials = z.infer<typeof credentialsSchema>;

/** Anything with the shape of a File/Blob: works with browser, Node and Deno File objects. */
interface FileLike {
  name: string;
  size: number;
  type: string;
}
function isFileLike(value: unknown): value is FileLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FileLike).name === 'string' &&
    typeof (value as FileLike).size === 'number' &&
    typeof (value as FileLike).type === 'string'
  );
}

/**
 * The chosen photo. Each rule is checked on its own so every issue is listed at once; the server applies the
 * same schema and then re-checks the bytes (a declared type can lie).
 */
export const photoFileSchema = z.custom<FileLike>(isFileLike, { message: MESSAGES.INVALID_FILE }).superRefine(
  (file, ctx) => {
    if (file.size > LIMITS.UPLOAD_MAX_BYTES) ctx.addIssue({ code: 'custom', message: MESSAGES.PHOTO_TOO_LARGE });
    if (!file.type.startsWith('image')) ctx.addIssue({ code: 'custom', message: MESSAGES.ONLY_IMAGES });
    if (!LIMITS.UPLOAD_ACCEPTED_MIME_TYPES.includes(file.type))
      ctx.addIssue({ code: 'custom', message: MESSAGES.ONLY_JPEG });
  },
);

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** The post's fields besides the file (the form state of SPEC.md section 3, validated before submit). */
export const postFieldsSchema = z.object({
  description: z
    .string()
    .max(LIMITS.DESCRIPTION_MAX_LENGTH, { message: MESSAGES.DESCRIPTION_TOO_LONG })
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : undefined)),
  photoType: z.enum(PHOTO_TYPES, { message: MESSAGES.PHOTO_TYPE_REQUIRED }),
  cameraMake: optionalText,
  cameraModel: optionalText,
  categoryIds: z.array(z.string().uuid()).optional().default([]),
  width: z.number({ message: MESSAGES.DIMENSIONS_REQUIRED }).int().positive({ message: MESSAGES.DIMENSIONS_REQUIRED }),
  height: z.number({ message: MESSAGES.DIMENSIONS_REQUIRED }).int().positive({ message: MESSAGES.DIMENSIONS_REQUIRED }),
});
export type PostFields = z.input<typeof postFieldsSchema>;

/** The whole new-post form as the upload screen checks it before submitting. */
export const postFormSchema = postFieldsSchema.extend({ file: photoFileSchema });
export type PostForm = z.input<typeof postFormSchema>;

/**
 * The multipart request to handle-post-create as the server reads it: strings from FormData, converted to
 * the same fields (categoryIds comma-joined, width and height as decimal strings).
 */
export const postCreateRequestSchema = z.object({
  groupId: z.string({ message: MESSAGES.MISSING_GROUP_ID }).uuid({ message: MESSAGES.MISSING_GROUP_ID }),
  file: photoFileSchema,
  fields: postFieldsSchema,
});

/** Reads a handle-post-create FormData into the shape postCreateRequestSchema validates. */
export function readPostCreateForm(form: { get(name: string): unknown }): unknown {
  const text = (name: string): string | undefined => {
    const v = form.get(name);
    return typeof v === 'string' ? v : undefined;
  };
  const num = (name: string): number | undefined => {
    const v = text(name);
    return v === undefined || v === '' ? undefined : Number(v);
  };
  const categories = text('categoryIds');
  return {
    groupId: text('groupId'),
    file: form.get('file') ?? undefined,
    fields: {
      description: text('description'),
      photoType: text('photoType'),
      cameraMake: text('cameraMake'),
      cameraModel: text('cameraModel'),
      categoryIds: categories ? categories.split(',').filter(Boolean) : [],
      width: num('width'),
      height: num('height'),
    },
  };
}

/** Lists a zod error as the plain messages the screens show, each once. */
export function issueMessages(error: z.ZodError): string[] {
  return [...new Set(error.issues.map((issue) => issue.message))];
}

/** The runtime config the host fetches at start (/config.json). */
export const runtimeConfigSchema = z.object({
  supabaseUrl: z.string(),
  supabaseAnonKey: z.string(),
  remotes: z.object({
    remote_browse: z.string().url(),
    remote_auth: z.string().url(),
    remote_upload: z.string().url(),
  }),
  /** Time-out for loading a remote, default 120 s. */
  remoteTimeoutMs: z.number().int().positive().optional(),
  /** Where the landing page's decorative photos come from; {size} and {seed} are filled in. */
  landingImageUrl: z.string().optional(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
