import { z } from './zod.ts';
import { CAMERA_DETAILS_CHOICES, PHOTO_TYPES } from './enums.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';

const emailField = z.string().check(z.trim(), z.regex(z.regexes.email, { message: MESSAGES.INVALID_EMAIL }));
const passwordField = z
  .string()
  .check(z.minLength(LIMITS.PASSWORD_MIN_LENGTH, { message: MESSAGES.PASSWORD_TOO_SHORT }));

/** Login and sign-up form. */
export const credentialsSchema = z.object({ email: emailField, password: passwordField });
export type Credentials = z.infer<typeof credentialsSchema>;

/** "Forgot password?": the address a recovery link is sent to. */
export const recoveryRequestSchema = z.object({ email: emailField });

/** "Set a new password": the same rule as the sign-up password. */
export const newPasswordSchema = z.object({ password: passwordField });

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
export const photoFileSchema = z.custom<FileLike>(isFileLike, { message: MESSAGES.INVALID_FILE }).check(
  z.superRefine((file, ctx) => {
    if (file.size > LIMITS.UPLOAD_MAX_BYTES) ctx.addIssue({ code: 'custom', message: MESSAGES.PHOTO_TOO_LARGE });
    if (!file.type.startsWith('image')) ctx.addIssue({ code: 'custom', message: MESSAGES.ONLY_IMAGES });
    if (!LIMITS.UPLOAD_ACCEPTED_MIME_TYPES.includes(file.type))
      ctx.addIssue({ code: 'custom', message: MESSAGES.ONLY_JPEG });
  }),
);

const optionalText = z.pipe(
  z.optional(z.string().check(z.trim())),
  z.transform((v: string | undefined) => (v ? v : undefined)),
);

const imageDimension = z
  .int({ message: MESSAGES.DIMENSIONS_REQUIRED })
  .check(z.positive({ message: MESSAGES.DIMENSIONS_REQUIRED }));

/** The post's fields besides the file (the new-post form of docs/product.md, validated before submit). */
export const postFieldsSchema = z.object({
  description: z.pipe(
    z.optional(
      z.string().check(z.maxLength(LIMITS.DESCRIPTION_MAX_LENGTH, { message: MESSAGES.DESCRIPTION_TOO_LONG })),
    ),
    z.transform((v: string | undefined) => (v && v.trim() ? v.trim() : undefined)),
  ),
  photoType: z.enum(PHOTO_TYPES, { message: MESSAGES.PHOTO_TYPE_REQUIRED }),
  cameraMake: optionalText,
  cameraModel: optionalText,
  /** 'omit': store no camera details read from the photo's EXIF (CAMERA_DETAILS in enums.ts). */
  cameraDetails: z.optional(z.enum(CAMERA_DETAILS_CHOICES)),
  categoryIds: z._default(z.optional(z.array(z.uuid())), []),
  /** Advisory on the wire (post-create.ts): the server records the size it reads from the image. */
  width: z.optional(imageDimension),
  height: z.optional(imageDimension),
});
export type PostFields = z.input<typeof postFieldsSchema>;

/**
 * The whole new-post form as the upload screen checks it before submitting: the preview must have decoded
 * and given the image's size, or the browser could not read the photo.
 */
export const postFormSchema = z.extend(postFieldsSchema, {
  file: photoFileSchema,
  width: imageDimension,
  height: imageDimension,
});
export type PostForm = z.input<typeof postFormSchema>;

/** Lists a zod error as the plain messages the screens show, each once. */
export function issueMessages(error: z.core.$ZodError): string[] {
  return [...new Set(error.issues.map((issue) => issue.message))];
}

/** Where one remote is: the http(s) URL of its mf-manifest.json. */
export const remoteManifestUrlSchema = z
  .url({ error: (issue) => (issue.code === 'invalid_type' ? 'is missing' : 'is not a URL') })
  .check(z.refine((url) => /^https?:\/\//.test(url), { error: 'is not an http(s) URL' }));

/**
 * What the shell needs of /config.json to start at all. Each remote's entry is checked on its own
 * (remoteManifestUrlSchema): a missing or malformed one disables only that remote's routes.
 */
const wholeNumber = z.int({
  error: (issue) => (issue.code === 'invalid_type' && issue.expected === 'number' ? 'is not a number' : undefined),
});
export const shellConfigSchema = z.object({
  supabaseUrl: z.url({
    error: (issue) =>
      issue.code === 'invalid_type'
        ? 'is missing (the address of the Supabase project)'
        : 'is not a URL (the address of the Supabase project)',
  }),
  supabaseAnonKey: z
    .string({ error: "is missing (the project's anon key)" })
    .check(z.minLength(1, { error: 'is empty' })),
  remotes: z.record(z.string(), z.unknown(), { error: 'is missing (the address of each part of the site)' }),
  /** Time-out for loading a remote that keeps sending (a slow load), default 120 s. */
  remoteTimeoutMs: z.optional(wholeNumber.check(z.positive())),
  /** Time-out for a remote that accepted the connection to start answering, default 8 s. */
  remoteFirstByteTimeoutMs: z.optional(wholeNumber.check(z.positive())),
  /**
   * How often, at most, a navigation into a remote re-reads its manifest to pick up a new build (default 5 s);
   * 0: never on navigation, only when a load fails.
   */
  remoteUpdateCheckIntervalMs: z.optional(wholeNumber.check(z.nonnegative())),
  /** Where the landing page's decorative photos come from; {size} and {seed} are filled in. */
  landingImageUrl: z.optional(z.string()),
});

/** The runtime config the host fetches at start (/config.json), complete: every remote's URL valid. */
export const runtimeConfigSchema = z.extend(shellConfigSchema, {
  remotes: z.object({
    remote_browse: remoteManifestUrlSchema,
    remote_auth: remoteManifestUrlSchema,
    remote_upload: remoteManifestUrlSchema,
  }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
