import { LIMITS } from './limits.ts';

/** Every user-facing message of the product, in the product's words (when each shows: docs/product.md). */
export const MESSAGES = {
  // validation (section 5)
  INVALID_EMAIL: 'Invalid email',
  PASSWORD_TOO_SHORT: 'String must contain at least 8 character(s)',
  INVALID_FILE: 'Invalid file.',
  PHOTO_TOO_LARGE: 'The photo must be a maximum of 10MB.',
  ONLY_IMAGES: 'Only images are allowed to be sent.',
  ONLY_JPEG: 'File must be a JPG or JPEG.',
  PHOTO_TYPE_REQUIRED: 'Photo type is required.',
  DESCRIPTION_TOO_LONG: 'The description must be at most 200 characters.',
  DIMENSIONS_REQUIRED: 'We could not read the size of this image.',
  // server-side re-checks of an upload
  NOT_A_JPEG: 'This file is not a valid JPEG image.',
  IMAGE_TOO_MANY_PIXELS: 'This photo has too many pixels: it may have at most 50 megapixels.',
  PHOTO_SIDE_TOO_LONG: 'This photo is too wide or too tall: each side may have at most 65,500 pixels.',
  JPEG_KIND_UNSUPPORTED:
    'This kind of JPEG (lossless, arithmetic-coded or 12-bit) is not supported. Save it as a standard JPEG.',
  PHOTO_DAMAGED: 'This photo’s file is damaged or incomplete. Try saving or exporting it again.',
  UNKNOWN_CATEGORY: 'One or more categories do not belong to this group.',
  NOT_SIGNED_IN: 'You need to be signed in to post.',
  /** A signed-in person who may see a public group but is not in it (posting needs membership). */
  JOIN_TO_POST: 'Join the group to post photos in it.',
  /** An upload's idempotency key came back with a different photo than the one it first carried. */
  IDEMPOTENCY_KEY_REUSED:
    'This upload was already used for a different photo, so this one was not posted. Choose the photo again to post it.',
  IDEMPOTENCY_KEY_INVALID: 'This upload is missing a valid upload key.',
  // errors (section 8)
  SUPABASE_URL_REQUIRED: 'supabaseUrl is required.',
  SUPABASE_KEY_REQUIRED: 'supabaseKey is required.',
  SIGNED_URL_FAILED: 'Failed to fetch signed URL',
  GROUP_ID_NOT_FOUND: 'Group ID not found',
  GROUP_NOT_FOUND: 'Group not found',
  MISSING_GROUP_ID: 'Missing group ID.',
  INVALID_PAGE_URL: 'Invalid page URL',
  POST_CREATE_FAILED: 'We had some trouble creating your post. Please try again or come back later.',
  UNKNOWN_ERROR: 'An unknown error occurred.',
  // screens (section 2)
  MISSING_GROUP_PAGE: "We can't find that group. Check you're logged in or go home.",
  SIGN_UP_DONE_TITLE: 'Almost done...',
  SIGN_UP_DONE_TEXT: "We've sent you an email to confirm your account. Please check your spam folder.",
  POST_CREATED: 'Your post has been created.',
  VIEW_YOUR_POST: 'View your post',
  NO_POSTS: 'No posts',
  NO_PHOTOS: 'No Photos',
  PRIVATE_GROUP: 'Private Group',
  NOT_FOUND_TITLE: 'FourOhFour',
  GROUPS_TITLE: 'Groups',
  GROUPS_INTRO:
    'Discover and join the various groups to showcase your photography skills and engage with a community of passionate photographers.',
  NEW_POST: 'New Post',
  /** The new-post screen for a public group's non-member: joining is one tap away (posting needs membership). */
  JOIN_TO_POST_TITLE: 'Join the group to post',
  JOIN_TO_POST_TEXT: 'Only members post photos here. Anyone can join this group, and you can leave at any time.',
  JOIN_TO_POST_BUTTON: 'Join group',
  SIGN_IN_TO_POST: 'Sign in to post',
  UPLOAD_STEP_TITLE: 'Upload your photo.',
  DESCRIBE_STEP_TITLE: 'Describe your photo.',
  DESCRIPTION_PLACEHOLDER: 'Tell us about your photo.',
  /** The new-post screen's choice to keep the camera details read from the photo (CAMERA_DETAILS). */
  CAMERA_DETAILS_LABEL: 'Show the camera details with the post',
  CAMERA_DETAILS_HINT: 'Read from your photo. Where it was taken and serial numbers are never kept.',
  // auth: the server's refusals in the product's words
  AUTH_INVALID_CREDENTIALS: 'Wrong e-mail or password.',
  AUTH_EMAIL_NOT_CONFIRMED: 'Please confirm your e-mail address first: check your inbox for our link.',
  AUTH_USER_EXISTS: 'An account with this e-mail already exists. Try signing in.',
  AUTH_WEAK_PASSWORD: 'Please choose a stronger password.',
  AUTH_NETWORK: 'We could not reach the server. Check your connection and try again.',
  AUTH_UNKNOWN: 'Something went wrong. Please try again.',
  AUTH_RATE_LIMITED: 'Too many attempts. Please wait a minute and try again.',
  /** The code a confirmation e-mail carries beside its link, entered under the "Almost done" notice. */
  EMAIL_CODE_LABEL: 'Code from the e-mail',
  EMAIL_CODE_HINT: 'Reading the e-mail on another device? Enter the code it gives here instead.',
  EMAIL_CODE_SUBMIT: 'Confirm',
  EMAIL_CODE_REQUIRED: 'Enter the code from the e-mail.',
  AUTH_CODE_INVALID: 'That code is wrong or has expired. Check the newest e-mail from us.',
  // password recovery: "Forgot password?" -> e-mail -> link -> "Set a new password"
  FORGOT_PASSWORD_LINK: 'Forgot password?',
  FORGOT_PASSWORD_TITLE: 'Forgot your password?',
  FORGOT_PASSWORD_INTRO: 'Enter the e-mail address of your account and we will send you a link to set a new password.',
  FORGOT_PASSWORD_SUBMIT: 'Send me a link',
  RECOVERY_SENT_TITLE: 'Check your inbox',
  RECOVERY_SENT_TEXT:
    'If an account uses this address, we have sent it a link to set a new password. Please check your spam folder too.',
  BACK_TO_SIGN_IN: 'Back to sign in',
  NEW_PASSWORD_TITLE: 'Set a new password',
  NEW_PASSWORD_INTRO: 'Choose a new password for your account.',
  NEW_PASSWORD_SUBMIT: 'Save new password',
  PASSWORD_CHANGED_TITLE: 'Your password has been changed',
  PASSWORD_CHANGED_TEXT: 'You are signed in. Use your new password the next time you sign in.',
  CONTINUE: 'Continue',
  RECOVERY_LINK_INVALID: 'This link to set a new password has expired or was already used. Ask for a new one below.',
  ASK_NEW_RECOVERY_LINK: 'Ask for a new link',
  AUTH_SAME_PASSWORD: 'Your new password must be different from your old one.',
  // new-post screen: a part of the screen failed to render (its error boundary's fallback)
  SCREEN_PART_FAILED: 'This part of the page stopped working. Try again, or come back later.',
  // host: a part of the site (a remote) could not be loaded; the title is `${part} ${REMOTE_UNAVAILABLE}`
  REMOTE_UNAVAILABLE: 'is unavailable right now',
  REMOTE_FAILED_TEXT:
    "We couldn't load this part of Snapshire. The rest of the site still works: try again in a moment.",
  REMOTE_TIMED_OUT_TEXT:
    'This part of Snapshire is taking too long to load. The rest of the site still works: try again in a moment.',
  RETRY: 'Retry',
  // group page: the group could not be loaded (the server failed; not a missing group)
  GROUP_LOAD_FAILED: "We couldn't load this group just now. Try again in a moment.",
  COMMENTS_LOAD_FAILED: "We couldn't load the comments just now. Try again in a moment.",
  RUNTIME_CONFIG_FAILED:
    "Snapshire couldn't start: its configuration could not be loaded. Please reload the page in a moment.",
  RUNTIME_CONFIG_DETAILS: 'For the site operator:',
  RELOAD: 'Reload',
  CLOSE: 'Close',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/**
 * Ways back to what a link pointed at (docs/product.md, "Return paths"): a private group, a private photo or
 * an invitation opened signed out, the same opened by someone who may not see it, and a confirmation link
 * that no longer works. Private and missing read alike, so the words never tell whether a group exists.
 */
export const RETURN_TEXT = {
  SIGN_IN: 'Sign in',
  CREATE_ACCOUNT: 'Create account',
  PHOTO_SIGN_IN: 'This photo may be in a private group. Sign in or create an account to see it.',
  PHOTO_NOT_AVAILABLE:
    "This photo isn't available. It may have been deleted, or it's in a private group you're not a member of.",
  GROUP_NOT_AVAILABLE:
    "This group isn't available. It may have been deleted, or it's a private group you're not a member of.",
  LINK_EXPIRED_TITLE: 'This link no longer works',
  LINK_EXPIRED_TEXT:
    'It has expired or has already been used. If you have confirmed your e-mail already, sign in. Otherwise sign up again for a new link.',
  LINK_FAILED_TEXT: 'We could not sign you in with this link. Try signing in, or sign up again for a new link.',
  DISMISS: 'Dismiss',
} as const;

/** The new-post screen with several photos chosen at once (issue 25); one photo keeps the texts above. */
export const BATCH_TEXT = {
  UPLOAD_STEP_TITLE: 'Upload your photos.',
  DESCRIBE_STEP_TITLE: 'Describe your photos.',
  DESCRIBE_STEP_HINT:
    'The description, categories and type apply to every photo, unless you give a photo its own description.',
  DROP_HINT: `or click to browse your files (JPEG images, up to ${LIMITS.UPLOAD_MAX_FILES} at a time)`,
  TOO_MANY_FILES: `Only ${LIMITS.UPLOAD_MAX_FILES} photos can be posted at a time: this one was left out. Post it in a next batch.`,
  LEFT_OUT: 'Left out',
  OWN_DESCRIPTION: 'Own description',
  USE_SHARED_DESCRIPTION: 'Use the shared description',
  REMOVE: 'Remove',
  CLEAR_ALL: 'Clear all',
  BATCH_PROGRESS: 'All photos',
  RETRY: 'Retry',
  POST_ANOTHER: 'Post more photos',
  /** "12 photos posted" (one: "1 photo posted"). */
  posted: (n: number) => `${n} ${n === 1 ? 'photo' : 'photos'} posted`,
  notPosted: (n: number) => `${n} ${n === 1 ? 'photo was' : 'photos were'} not posted`,
  submit: (n: number) => `Submit ${n} ${n === 1 ? 'photo' : 'photos'}`,
  chosen: (ready: number, leftOut: number) =>
    `${ready} ${ready === 1 ? 'photo' : 'photos'} to post${leftOut ? `, ${leftOut} left out` : ''}`,
} as const;

/** Leaving the new-post screen with a photo chosen, or while it uploads: the question asked first. */
export const LEAVE_NEW_POST = {
  TITLE: 'Leave this page?',
  UNSAVED: 'Your photo has not been posted yet. If you leave, the photo and what you wrote are dropped.',
  UPLOADING:
    'Your photo is still uploading. If you leave, it is posted when the upload finishes, but you will not see it confirmed here.',
  /** The same questions while several photos are chosen or uploading. */
  UNSAVED_BATCH:
    'Your photos have not all been posted yet. If you leave, the ones not posted and what you wrote are dropped.',
  UPLOADING_BATCH:
    'Your photos are still uploading. If you leave, the ones already sending are posted, the ones waiting are not, and you will not see them confirmed here.',
  STAY: 'Stay',
  LEAVE: 'Leave',
} as const;
