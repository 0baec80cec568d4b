// Business constants and limits from SPEC §9, named once so both sides agree.

export const KEY_NAME_MAX = 180
export const KEY_DESCRIPTION_MAX = 250
export const MAX_RESTRICTION_ROWS = 500
/** After a key is rolled, its old secret may keep working for up to this many hours. */
export const KEY_ROLL_MAX_GRACE_HOURS = 72

export const PASSWORD_MIN = 8
/** Long passphrases are welcome (ASVS 6.2.9); the cap only bounds hashing work. */
export const PASSWORD_MAX = 128
export const EMAIL_MAX = 255
export const NAME_PART_MAX = 100
export const ORGANIZATION_MAX = 255
export const JOB_TITLE_MAX = 255

export const AVATAR_MAX_BYTES = 1024 * 1024
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024

export const EMAIL_CHANGE_NEW_EMAIL_MAX = 255
export const EMAIL_CHANGE_REASON_MAX = 512
export const EMAIL_CHANGE_REFUSE_REASON_MAX = 1024
/** The reason an administrator gives for turning off a user's two-factor authentication. */
export const TWO_FACTOR_OFF_REASON_MAX = 512
/** Step-up (docs/sign-in.md): a proof of identity lets this session reveal key secrets for this long. */
export const STEP_UP_WINDOW_MINUTES = 10

export const MAP_MAX_POINTS = 1000
export const MAP_MAX_LAYERS = 10

export const USAGE_CSV_MAX_ROWS = 10_000

/** A new account must be verified within this many hours. */
export const VERIFY_WINDOW_HOURS = 24
export const RESET_TOKEN_HOURS = 1

export const SPLASH_MS = 4000
export const INLINE_ERROR_MS = 5000
export const REQUEST_TIMEOUT_MS = 300_000

export const BREAKPOINT_CUSTOMER_COLLAPSE = 1200
export const BREAKPOINT_ADMIN_COLLAPSE = 900
export const BREAKPOINT_TOUR = 768
export const SIDEBAR_WIDTH = 249
export const SIDEBAR_COLLAPSED_WIDTH = 50

export const CHART_PRIMARY = '#3A93F9'
export const CHART_TENSION = 0.4

export const PAGE_SIZE_DEFAULT = 10
export const PAGE_SIZE_MAX = 100
