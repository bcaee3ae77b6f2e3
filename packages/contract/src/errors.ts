import { z } from 'zod';

/** Stable error codes: the web translates them, clients branch on them. */
export const ErrorCodeSchema = z.enum([
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'EMAIL_TAKEN',
  'USERNAME_TAKEN',
  'INVALID_CREDENTIALS',
  'ACCOUNT_NOT_CONFIRMED',
  'ACCOUNT_ALREADY_CONFIRMED',
  'INVALID_LINK',
  'REFRESH_TOKEN_INVALID',
  'SESSION_REVOKED',
  'WRONG_PASSWORD',
  /** Too many wrong passwords for one account (sign-in, current password, test-rehearsal password): 429 with
   *  retry-after, for a quarter of an hour at most. */
  'TOO_MANY_PASSWORD_ATTEMPTS',
  'ROOM_SERVER_UNAVAILABLE',
  /** A scheduled session before its start time; details.startsAt says when. */
  'SESSION_NOT_STARTED',
  'SESSION_ENDED',
  /** The organizer cancelled this session before it started. */
  'SESSION_CANCELLED',
  /** A state change the session's state does not allow (details.status says its state): starting or cancelling one
   *  that is not scheduled, ending one that is not live, restarting one that did not end or whose grace period is
   *  over. */
  'SESSION_STATE_CONFLICT',
  'SESSION_FULL',
  /** Keepalive, metrics or quit from someone who is not (or no longer) a player of that session or room. */
  'NOT_IN_SESSION',
  /** The free open-rehearsal minutes of this month are used up; subscribing removes the limit. */
  'NO_MINUTES_LEFT',
  /** Fair use (details.limit says how many): the organizer has as many live open rehearsals as allowed. */
  'LIVE_SESSIONS_LIMIT',
  /** The organizer has as many scheduled (future) open rehearsals as allowed. */
  'SCHEDULED_SESSIONS_LIMIT',
  /** The organizer created as many sessions as allowed in the last minute (429; details.retryAfterSeconds). */
  'SESSION_CREATION_RATE',
  /** The session has as many invitations as allowed. */
  'INVITATIONS_LIMIT',
  /** A server or region that live rooms still use. */
  'IN_USE',
  /** An upload that is not a JPEG, PNG or WebP image. */
  'INVALID_IMAGE',
  /** An image with more pixels than allowed (413; details.limit: the megapixels allowed), however small its file. */
  'IMAGE_TOO_LARGE',
  /** The database cannot be reached for a moment: the answer carries a retry-after header (seconds). */
  'SERVICE_UNAVAILABLE',
  /** A social call (profiles, search, follows, blocks, messages) from an account under MIN_SOCIAL_AGE or without a
   *  birthdate: 403. */
  'SOCIAL_NOT_ELIGIBLE',
  /** Following a musician already followed (409). */
  'ALREADY_FOLLOWING',
  /** Blocking a musician already blocked (409). */
  'ALREADY_BLOCKED',
  /** Following or blocking oneself (400). */
  'SELF_ACTION',
  /** Writing in a conversation where either member blocked the other (409; not 403, which signs the web out): its
   *  history stays readable. */
  'CONVERSATION_CLOSED',
  /** A product someone subscribed to cannot be deleted (409): disable it instead. */
  'PRODUCT_IN_USE',
  /** A promo code that does not exist or has expired (404). */
  'PROMO_CODE_UNKNOWN',
  /** A promo code used as many times as allowed, or already used by this account (409). */
  'PROMO_CODE_USED',
  /** A change the subscription's state does not allow (details.status): cancelling or restoring one that ended,
   *  restoring one nothing renews (a promo code's, with no card). */
  'SUBSCRIPTION_STATE_CONFLICT',
  /** A charge or a card the bank refused (402): details.declineCode says why (Stripe's decline or error code:
   *  insufficient_funds, generic_decline, expired_card, authentication_failure...). Nothing was charged. */
  'PAYMENT_FAILED',
  /** Subscribing to a paid product with no saved card (409): add one in the payment form first. */
  'PAYMENT_METHOD_REQUIRED',
  /** Subscribing would charge today something else than the amount the musician confirmed (409: a trial already used
   *  on this card or account, a price changed meanwhile): nothing was charged; details.quote is the new quote. */
  'AMOUNT_CHANGED',
  /** Removing the last card while a subscription renews with it (409): add another first, or cancel. */
  'LAST_PAYMENT_METHOD',
  /** The payment service cannot be reached (503 with retry-after): nothing was charged or saved. */
  'PAYMENTS_UNAVAILABLE',
  /** A subscribe sent again with the idempotency key of an earlier one but another request (409): the page makes a
   *  new key for a new choice. */
  'IDEMPOTENCY_KEY_REUSED',
  /** An administrator removing their own CORE_ADMIN (409): another administrator has to. */
  'OWN_ADMIN_PRIVILEGE',
  /** Removing CORE_ADMIN from the last account that holds it (409). */
  'LAST_ADMIN',
  /** Removing a privilege ADMIN_EMAILS or TESTER_EMAILS give the address (409): the list keeps it; edit the list. */
  'PRIVILEGE_LISTED',
  /** Creating an A/B test with a key another test has (409). */
  'AB_TEST_EXISTS',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** Per-field validation codes; the web shows the spec's wording for each. */
export const FieldErrorCodeSchema = z.enum([
  'required',
  'invalid',
  'invalid_email',
  'password_too_short',
  'username_alphanumeric',
  'username_length',
  'birthdate_required',
  'birthdate_invalid',
  'too_long',
  'email_taken',
  'username_taken',
  'wrong_password',
  'in_the_past',
  'too_far',
  'too_many',
  'unknown_username',
  /** Control or invisible characters (NUL, C1, bidi overrides, zero-width space): see common.ts text(). */
  'invalid_characters',
  /** Not an http(s) address with a host name (social links). */
  'invalid_url',
  /** A reference id (instrument, style, network, country, city) that does not exist. */
  'unknown',
  /** The same instrument or style twice. */
  'duplicate',
  /** A product's trial longer than TRIAL_MAX for its unit. */
  'trial_too_long',
  /** A free product with a price. */
  'free_product_price',
  /** A paid product under PRODUCT_PRICE_MIN_CENTS (what a card can be charged at least). */
  'price_too_low',
  /** A free product with a trial (a trial is the free start of a paid product). */
  'free_product_trial',
  /** A promo code that exists already (409 on creating one). */
  'code_taken',
]);
export type FieldErrorCode = z.infer<typeof FieldErrorCodeSchema>;

export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: ErrorCodeSchema,
      message: z.string(),
      fields: z.record(z.string(), FieldErrorCodeSchema).optional(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** A zod check's message as a field error code: `.max(80, fieldCode('too_long'))`. */
export const fieldCode = (c: FieldErrorCode) => ({ message: c });
