// The envelope's shape and error codes, without zod: the browser bundle imports this module.

export type ResponseStatus = 'success' | 'error' | 'maintain'

/** Every response body has this shape (docs/requirements.md §3.1). */
export interface Envelope<D = unknown> {
  status: ResponseStatus
  data: D
  message: string
  error_code: string | null
}

/**
 * Every error code the server sends, by name; a throw site names one of these, never a string. Each has
 * its HTTP status and meaning in `error-catalogue.ts`. `401` and `403` are the two the SPA logs out on
 * (docs/requirements.md 3.3); a role that may not call an endpoint gets `FORBIDDEN` instead, which only
 * shows the permission-denied notice.
 */
export const ErrorCode = {
  // Any endpoint
  TokenInvalid: '401',
  SessionEnded: '403',
  Forbidden: 'FORBIDDEN',
  Validation: 'VALIDATION',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  Maintenance: 'MAINTENANCE',
  RateLimited: 'RATE_LIMITED',
  Internal: 'INTERNAL',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  // Sign-in, links, two factors, passkeys, step-up
  BadCredentials: 'BAD_CREDENTIALS',
  Unverified: 'UNVERIFIED',
  VerifyExpired: 'VERIFY_EXPIRED',
  TokenExpired: 'TOKEN_EXPIRED',
  TokenUsed: 'TOKEN_USED',
  EmailUsed: 'EMAIL_USED',
  WrongPassword: 'WRONG_PASSWORD',
  WrongCode: 'WRONG_CODE',
  Suspended: 'SUSPENDED',
  PasskeyRefused: 'PASSKEY_REFUSED',
  StepUpRequired: 'STEP_UP_REQUIRED',
  StepUpUnavailable: 'STEP_UP_UNAVAILABLE',
  SelfTwoFactor: 'SELF_TWO_FACTOR',
  // Profile and phone
  InvalidImage: 'INVALID_IMAGE',
  NoPhone: 'E401',
  PhoneVerified: 'PHONE_VERIFIED',
  CodeInvalid: 'CODE_INVALID',
  // Accounts and e-mail change
  SelfSuspend: 'SELF_SUSPEND',
  LastAdmin: 'LAST_ADMIN',
  RequestPending: 'REQUEST_PENDING',
  RequestHandled: 'REQUEST_HANDLED',
  SameEmail: 'SAME_EMAIL',
  // Keys
  KeyDeleted: 'KEY_DELETED',
  // Rates and plans
  RangeInvalid: 'RANGE_INVALID',
  SettingExists: 'SETTING_EXISTS',
  CommonInUse: 'COMMON_IN_USE',
  PlanNameUsed: 'PLAN_NAME_USED',
  PlanNeedsDefault: 'PLAN_NEEDS_DEFAULT',
  PlanDefaultInactive: 'PLAN_DEFAULT_INACTIVE',
  PlanNotOnSale: 'PLAN_NOT_ON_SALE',
  AlreadyOnPlan: 'ALREADY_ON_PLAN',
  // Bills and balance
  BillingRunBusy: 'BILLING_RUN_BUSY',
  MonthNotClosed: 'MONTH_NOT_CLOSED',
  BillAlreadyPaid: 'BILL_ALREADY_PAID',
  BillEmailedRecently: 'BILL_EMAILED_RECENTLY',
  InsufficientBalance: 'INSUFFICIENT_BALANCE',
  IdempotencyMismatch: 'IDEMPOTENCY_MISMATCH',
  // Coupons
  EventCodeUsed: 'EVENT_CODE_USED',
  CouponTypeNotExist: 'COUPON_TYPE_NOT_EXIST',
  CouponTypeFull: 'COUPON_TYPE_FULL',
  CouponNotFound: 'COUPON_NOT_FOUND',
  CouponDisabled: 'COUPON_DISABLED',
  CouponExpired: 'COUPON_EXPIRED',
  CouponUsedUp: 'COUPON_USED_UP',
  CouponAlreadyUsed: 'COUPON_ALREADY_USED',
  // Payments and refunds
  ProviderUnavailable: 'PROVIDER_UNAVAILABLE',
  GatewayError: 'GATEWAY_ERROR',
  AmountTooLarge: 'AMOUNT_TOO_LARGE',
  TooManyPending: 'TOO_MANY_PENDING',
  NotCancellable: 'NOT_CANCELLABLE',
  NotDecidable: 'NOT_DECIDABLE',
  CardDuplicate: 'CARD_DUPLICATE',
  BadSignature: 'BAD_SIGNATURE',
  OrderNotApproved: 'ORDER_NOT_APPROVED',
  InstrumentDeclined: 'INSTRUMENT_DECLINED',
  RefundInProgress: 'REFUND_IN_PROGRESS',
  NotRefundable: 'NOT_REFUNDABLE',
  RefundTooLarge: 'REFUND_TOO_LARGE',
  RefundRefused: 'REFUND_REFUSED',
  NoRefundInFlight: 'NO_REFUND_IN_FLIGHT',
  // Maps
  MapUnavailable: 'MAP_UNAVAILABLE',
  MapPointLimit: 'MAP_POINT_LIMIT',
  MapLayerLimit: 'MAP_LAYER_LIMIT',
  MapInTrash: 'MAP_IN_TRASH',
  MapNotInTrash: 'MAP_NOT_IN_TRASH',
  MapLastLayer: 'MAP_LAST_LAYER',
  ImportInvalidFile: 'IMPORT_INVALID_FILE',
  ImportEmpty: 'IMPORT_EMPTY',
  // Support, FAQs, campaigns, notifications
  TicketClosed: 'TICKET_CLOSED',
  CategoryExists: 'CATEGORY_EXISTS',
  CategoryInUse: 'CATEGORY_IN_USE',
  CampaignCodeUsed: 'CAMPAIGN_CODE_USED',
  CampaignImageInUse: 'CAMPAIGN_IMAGE_IN_USE',
  CampaignLastImage: 'CAMPAIGN_LAST_IMAGE',
  NotificationNotPending: 'NOTIFICATION_NOT_PENDING',
} as const
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]

/** Codes after which the client must forget its session (docs/requirements.md 3.3). */
export const LOGOUT_ERROR_CODES: readonly ErrorCode[] = [ErrorCode.TokenInvalid, ErrorCode.SessionEnded]

export interface Page<T> {
  items: T[]
  total: number
  page: number
  page_size: number
}
