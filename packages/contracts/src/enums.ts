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
