/** Photo type: data-layer values DIGITAL and FILM (Postgres enum photo_type), shown as Digital and Film. */
export const PHOTO_TYPES = ['DIGITAL', 'FILM'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
export const PHOTO_TYPE_LABELS: Record<PhotoType, string> = { DIGITAL: 'Digital', FILM: 'Film' };
export const DEFAULT_PHOTO_TYPE: PhotoType = 'DIGITAL';

/** Membership roles in a group (table group_member). */
export const GROUP_ROLES = ['owner', 'admin', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

export const AUTH_MODES = ['LOGIN', 'SIGN_UP'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

/**
 * Whether the camera details the function reads from the photo's EXIF (make, model, lens, exposure time,
 * aperture, ISO, focal length) are stored with the post. The uploader may leave them out before submitting;
 * the field is sent only then ('omit'), so a function deployed before it still accepts the request. Make and
 * model the client sends itself (cameraMake, cameraModel) are the sender's own statement: they are stored
 * either way and take precedence over the EXIF's, which is what a camera wrote and may be a scanner's.
 */
export const CAMERA_DETAILS = { KEEP: 'keep', OMIT: 'omit' } as const;
export const CAMERA_DETAILS_CHOICES = [CAMERA_DETAILS.KEEP, CAMERA_DETAILS.OMIT] as const;
export type CameraDetailsChoice = (typeof CAMERA_DETAILS)[keyof typeof CAMERA_DETAILS];
