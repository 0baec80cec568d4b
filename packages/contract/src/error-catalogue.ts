import { ErrorCode } from './codes.ts'

// Kept apart from codes.ts so the browser bundle, which needs the codes, does not carry these lines.

/** What one error code means, and the HTTP statuses it is sent with (most have one). */
export interface ErrorEntry {
  readonly status: readonly [number, ...number[]]
  readonly meaning: string
}

/**
 * The closed catalogue of error codes: every member of `ErrorCode` has an entry, and nothing else does.
 * The server's `AppError` only accepts a status listed here for its code, so the two cannot drift.
 */
export const errorCatalogue = {
  [ErrorCode.TokenInvalid]: { status: [401], meaning: 'No token, or a bad or expired one; the SPA signs out.' },
  [ErrorCode.SessionEnded]: {
    status: [401],
    meaning: 'The session was revoked (logout elsewhere, password change, suspension); the SPA signs out.',
  },
  [ErrorCode.Forbidden]: { status: [403], meaning: 'The caller’s role may not make this call; no sign-out.' },
  [ErrorCode.Validation]: {
    status: [400, 422],
    meaning: 'The input breaks a field rule (400, with a message per field) or a rule between fields (422).',
  },
  [ErrorCode.NotFound]: { status: [404], meaning: 'No such record, or one the caller may not see.' },
  [ErrorCode.Conflict]: { status: [409], meaning: 'The record changed or already exists (a unique value is taken).' },
  [ErrorCode.Maintenance]: { status: [503], meaning: 'Maintenance mode is on; the SPA opens /maintain.' },
  [ErrorCode.RateLimited]: { status: [429], meaning: 'Too many attempts; the message says when to retry.' },
  [ErrorCode.Internal]: { status: [500], meaning: 'An unexpected failure; details stay in the server log.' },
  [ErrorCode.PayloadTooLarge]: { status: [413], meaning: 'The body or uploaded file is larger than allowed.' },
  [ErrorCode.UnsupportedMediaType]: { status: [415], meaning: 'The body’s or file’s type is not accepted here.' },
  [ErrorCode.BadCredentials]: {
    status: [401],
    meaning: 'Wrong e-mail or password, or a provider sign-in that failed.',
  },
  [ErrorCode.Unverified]: {
    status: [409, 422],
    meaning: 'The account’s e-mail address is not confirmed yet, so this is not allowed.',
  },
  [ErrorCode.VerifyExpired]: {
    status: [403],
    meaning: 'Sign-in of an account not confirmed within 24 hours; the SPA offers a new link.',
  },
  [ErrorCode.TokenExpired]: {
    status: [400, 401],
    meaning: 'A one-time link, code, challenge or download token expired or is unknown.',
  },
  [ErrorCode.TokenUsed]: { status: [400], meaning: 'A one-time link was already used.' },
  [ErrorCode.EmailUsed]: { status: [409], meaning: 'Another account has this e-mail address.' },
  [ErrorCode.WrongPassword]: { status: [422], meaning: 'The current password given is wrong.' },
  [ErrorCode.WrongCode]: {
    status: [422],
    meaning: 'A two-factor or recovery code is wrong, outside the ±1 step window, or already used.',
  },
  [ErrorCode.Suspended]: { status: [403], meaning: 'The account is suspended.' },
  [ErrorCode.PasskeyRefused]: {
    status: [422],
    meaning: 'A passkey answer does not verify (signature, origin, counter, unknown passkey).',
  },
  [ErrorCode.StepUpRequired]: {
    status: [403],
    meaning: 'A sensitive act needs a proof of identity from the last 10 minutes; the SPA asks for one.',
  },
  [ErrorCode.StepUpUnavailable]: {
    status: [422],
    meaning: 'The account has no password and no two-factor code to prove itself with.',
  },
  [ErrorCode.SelfTwoFactor]: {
    status: [422],
    meaning: 'Staff turn off their own two-factor sign-in in their settings, with a code.',
  },
  [ErrorCode.InvalidImage]: { status: [400], meaning: 'An upload is not an image we accept (by its content).' },
  [ErrorCode.NoPhone]: {
    status: [422],
    meaning: 'The account needs a (verified) phone number first; the SPA opens /settings/profile.',
  },
  [ErrorCode.PhoneVerified]: { status: [422], meaning: 'The phone number is already verified; no code is sent.' },
  [ErrorCode.CodeInvalid]: { status: [400], meaning: 'The SMS code does not match the last one sent.' },
  [ErrorCode.SelfSuspend]: { status: [422], meaning: 'An administrator may not suspend their own account.' },
  [ErrorCode.LastAdmin]: { status: [422], meaning: 'The change would leave no active administrator.' },
  [ErrorCode.RequestPending]: { status: [409], meaning: 'The user already has an e-mail change request waiting.' },
  [ErrorCode.RequestHandled]: { status: [409], meaning: 'The e-mail change request was already approved or refused.' },
  [ErrorCode.SameEmail]: { status: [409], meaning: 'The new e-mail address is the current one.' },
  [ErrorCode.KeyDeleted]: { status: [422], meaning: 'The key is deleted and cannot change.' },
  [ErrorCode.RangeInvalid]: { status: [422], meaning: 'A rate range overlaps, leaves a gap or is out of order.' },
  [ErrorCode.SettingExists]: { status: [409], meaning: 'A rate setting of this type already exists for this owner.' },
  [ErrorCode.CommonInUse]: {
    status: [422],
    meaning: 'A common rate setting cannot be deleted: every service needs a price.',
  },
  [ErrorCode.PlanNameUsed]: { status: [409], meaning: 'Another plan has this name.' },
  [ErrorCode.PlanNeedsDefault]: { status: [422], meaning: 'One plan must stay the default.' },
  [ErrorCode.PlanDefaultInactive]: { status: [422], meaning: 'The default plan must stay on sale.' },
  [ErrorCode.PlanNotOnSale]: { status: [422], meaning: 'The plan chosen is not on sale.' },
  [ErrorCode.AlreadyOnPlan]: { status: [422], meaning: 'The user is already on this plan.' },
  [ErrorCode.BillingRunBusy]: { status: [409], meaning: 'Bills of this month are being generated already.' },
  [ErrorCode.MonthNotClosed]: { status: [422], meaning: 'Bills are generated only for a month that has ended.' },
  [ErrorCode.BillAlreadyPaid]: { status: [409], meaning: 'The bill is paid already.' },
  [ErrorCode.BillEmailedRecently]: { status: [429], meaning: 'The bill was e-mailed less than a minute ago.' },
  [ErrorCode.InsufficientBalance]: { status: [422], meaning: 'The balance is short of the amount to pay.' },
  [ErrorCode.IdempotencyMismatch]: {
    status: [422],
    meaning: 'An Idempotency-Key was reused with a different request.',
  },
  [ErrorCode.EventCodeUsed]: { status: [409], meaning: 'Another coupon type has this event code.' },
  [ErrorCode.CouponTypeNotExist]: { status: [422], meaning: 'The coupon type chosen does not exist.' },
  [ErrorCode.CouponTypeFull]: { status: [422], meaning: 'The coupon type has no coupons left to issue.' },
  [ErrorCode.CouponNotFound]: { status: [404], meaning: 'No coupon has this code.' },
  [ErrorCode.CouponDisabled]: { status: [422], meaning: 'The coupon is turned off.' },
  [ErrorCode.CouponExpired]: { status: [422], meaning: 'The coupon has expired.' },
  [ErrorCode.CouponUsedUp]: { status: [422], meaning: 'The coupon has no uses left.' },
  [ErrorCode.CouponAlreadyUsed]: { status: [409], meaning: 'This account has redeemed this coupon already.' },
  [ErrorCode.ProviderUnavailable]: { status: [422], meaning: 'The payment method chosen is not offered now.' },
  [ErrorCode.GatewayError]: { status: [502], meaning: 'The payment provider did not answer as expected.' },
  [ErrorCode.AmountTooLarge]: { status: [422], meaning: 'The amount is above what one payment may be.' },
  [ErrorCode.TooManyPending]: { status: [429], meaning: 'The account has too many payments waiting already.' },
  [ErrorCode.NotCancellable]: { status: [409], meaning: 'The payment is past the point where it can be cancelled.' },
  [ErrorCode.NotDecidable]: {
    status: [409],
    meaning: 'Only a pending bank transfer or a payment in review can be confirmed or rejected.',
  },
  [ErrorCode.CardDuplicate]: { status: [409], meaning: 'This card is saved already.' },
  [ErrorCode.BadSignature]: { status: [400], meaning: 'A provider callback’s signature does not verify.' },
  [ErrorCode.OrderNotApproved]: { status: [422], meaning: 'The PayPal order was not approved by the payer.' },
  [ErrorCode.InstrumentDeclined]: {
    status: [422],
    meaning: 'PayPal declined the funding source; the data carries the page to choose another.',
  },
  [ErrorCode.RefundInProgress]: { status: [409], meaning: 'A refund of this payment is in flight already.' },
  [ErrorCode.NotRefundable]: { status: [422], meaning: 'The payment cannot be refunded (state or method).' },
  [ErrorCode.RefundTooLarge]: { status: [422], meaning: 'The refund is more than what is left to refund.' },
  [ErrorCode.RefundRefused]: { status: [422], meaning: 'The provider refused the refund.' },
  [ErrorCode.NoRefundInFlight]: { status: [409], meaning: 'The payment has no refund waiting to be checked.' },
  [ErrorCode.MapUnavailable]: { status: [403], meaning: 'A shared map cannot be shown: its key is not active.' },
  [ErrorCode.MapPointLimit]: { status: [422], meaning: 'The map would hold more than 1,000 points.' },
  [ErrorCode.MapLayerLimit]: { status: [422], meaning: 'The map would hold more than 10 layers.' },
  [ErrorCode.MapInTrash]: { status: [422], meaning: 'The map is in the recycle bin and cannot change.' },
  [ErrorCode.MapNotInTrash]: { status: [422], meaning: 'The map is not in the recycle bin.' },
  [ErrorCode.MapLastLayer]: { status: [422], meaning: 'A map keeps at least one layer.' },
  [ErrorCode.ImportInvalidFile]: {
    status: [400],
    meaning: 'An import file cannot be read as CSV, Excel or a ZIP of one.',
  },
  [ErrorCode.ImportEmpty]: { status: [400], meaning: 'An import file has no rows.' },
  [ErrorCode.TicketClosed]: { status: [422], meaning: 'A closed ticket takes no reply.' },
  [ErrorCode.CategoryExists]: { status: [409], meaning: 'Another FAQ category has this name.' },
  [ErrorCode.CategoryInUse]: { status: [422], meaning: 'An FAQ category with questions cannot be deleted.' },
  [ErrorCode.CampaignCodeUsed]: { status: [409], meaning: 'Another campaign has this code.' },
  [ErrorCode.CampaignImageInUse]: { status: [409], meaning: 'The image is used by a campaign.' },
  [ErrorCode.CampaignLastImage]: { status: [422], meaning: 'A campaign keeps at least one image.' },
  [ErrorCode.NotificationNotPending]: {
    status: [409],
    meaning: 'The notification was sent or cancelled already and cannot change.',
  },
} as const satisfies Record<ErrorCode, ErrorEntry>

/** The HTTP statuses a code may be sent with. */
export type StatusOf<C extends ErrorCode> = (typeof errorCatalogue)[C]['status'][number]

/** The codes that may be sent with HTTP status `S`. */
export type CodeWithStatus<S extends number> = {
  [C in ErrorCode]: S extends StatusOf<C> ? C : never
}[ErrorCode]
