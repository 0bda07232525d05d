import { z } from 'zod';
import { PHOTO_TYPES } from './enums.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';

/** Login and sign-up form. */
export const credentialsSchema = z.object({
  email: z.string().trim().email({ message: MESSAGES.INVALID_EMAIL }),
  password: z.string().min(LIMITS.PASSWORD_MIN_LENGTH, { message: MESSAGES.PASSWORD_TOO_SHORT }),
});
export type Credentials = z.infer<typeof credentialsSchema>;

/** Anything with the shape of a File/Blob: works with browser, Node and Deno File objects. */
export interface FileLike {
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
export const photoFileSchema = z
  .custom<FileLike>(isFileLike, { message: MESSAGES.INVALID_FILE })
  .superRefine((file, ctx) => {
    if (file.size > LIMITS.UPLOAD_MAX_BYTES) ctx.addIssue({ code: 'custom', message: MESSAGES.PHOTO_TOO_LARGE });
    if (!file.type.startsWith('image')) ctx.addIssue({ code: 'custom', message: MESSAGES.ONLY_IMAGES });
    if (!LIMITS.UPLOAD_ACCEPTED_MIME_TYPES.includes(file.type))
      ctx.addIssue({ code: 'custom', message: MESSAGES.ONLY_JPEG });
  });

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const imageDimension = z
  .number({ message: MESSAGES.DIMENSIONS_REQUIRED })
  .int({ message: MESSAGES.DIMENSIONS_REQUIRED })
  .positive({ message: MESSAGES.DIMENSIONS_REQUIRED });

/** The post's fields besides the file (the new-post form of docs/product.md, validated before submit). */
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
  /** Advisory on the wire (post-create.ts): the server records the size it reads from the image. */
  width: imageDimension.optional(),
  height: imageDimension.optional(),
});
export type PostFields = z.input<typeof postFieldsSchema>;

/**
 * The whole new-post form as the upload screen checks it before submitting: the preview must have decoded
 * and given the image's size, or the browser could not read the photo.
 */
export const postFormSchema = postFieldsSchema.extend({
  file: photoFileSchema,
  width: imageDimension,
  height: imageDimension,
});
export type PostForm = z.input<typeof postFormSchema>;

/** Lists a zod error as the plain messages the screens show, each once. */
export function issueMessages(error: z.ZodError): string[] {
  return [...new Set(error.issues.map((issue) => issue.message))];
}

/** Where one remote is: the http(s) URL of its mf-manifest.json. */
export const remoteManifestUrlSchema = z
  .string({ error: 'is missing' })
  .url({ error: 'is not a URL' })
  .refine((url) => /^https?:\/\//.test(url), { error: 'is not an http(s) URL' });

/**
 * What the shell needs of /config.json to start at all. Each remote's entry is checked on its own
 * (remoteManifestUrlSchema): a missing or malformed one disables only that remote's routes.
 */
export const shellConfigSchema = z.object({
  supabaseUrl: z
    .string({ error: 'is missing (the address of the Supabase project)' })
    .url({ error: 'is not a URL (the address of the Supabase project)' }),
  supabaseAnonKey: z.string({ error: "is missing (the project's anon key)" }).min(1, { error: 'is empty' }),
  remotes: z.record(z.string(), z.unknown(), { error: 'is missing (the address of each part of the site)' }),
  /** Time-out for loading a remote that keeps sending (a slow load), default 120 s. */
  remoteTimeoutMs: z.number({ error: 'is not a number' }).int().positive().optional(),
  /** Time-out for a remote that accepted the connection to start answering, default 8 s. */
  remoteFirstByteTimeoutMs: z.number({ error: 'is not a number' }).int().positive().optional(),
  /** Where the landing page's decorative photos come from; {size} and {seed} are filled in. */
  landingImageUrl: z.string().optional(),
});

/** The runtime config the host fetches at start (/config.json), complete: every remote's URL valid. */
export const runtimeConfigSchema = shellConfigSchema.extend({
  remotes: z.object({
    remote_browse: remoteManifestUrlSchema,
    remote_auth: remoteManifestUrlSchema,
    remote_upload: remoteManifestUrlSchema,
  }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
