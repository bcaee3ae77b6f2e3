import { z } from 'zod';
import { AUTHZ } from './authz.ts';
import {
  BirthdateSchema,
  EmailSchema,
  IdParamsSchema,
  LocaleSchema,
  PasswordSchema,
  text,
  UsernameSchema,
} from './common.ts';
import { def } from './endpoint.ts';
import { fieldCode as code } from './errors.ts';

export const PrivilegeNameSchema = z.enum(['CORE_GUEST', 'TUTTI_MU', 'CORE_ADMIN']);
export type PrivilegeName = z.infer<typeof PrivilegeNameSchema>;

export const CurrentUserSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    username: z.string(),
    /** Falls back to username when the user has not set one. */
    displayedUsername: z.string(),
    /** Absolute or site-relative URL; null means the default avatar. */
    profilePicture: z.string().nullable(),
    locale: LocaleSchema,
    privileges: z.array(z.string()),
    nalsToken: z.string(),
    /** An audio client has signed in with this account's token at least once, on any device. */
    audioClientSeen: z.boolean(),
    eligibleToSocial: z.boolean(),
    birthdate: z.string().nullable(),
    newsOptIn: z.boolean(),
    /** An email when private messages wait unread (at most one per conversation a day); on by default. */
    messageEmails: z.boolean(),
    publicProfile: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const SignUpBodySchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  username: UsernameSchema,
  birthdate: BirthdateSchema,
  locale: LocaleSchema.optional(),
  newsOptIn: z.boolean().optional(),
});
export type SignUpBody = z.infer<typeof SignUpBodySchema>;
export const SignUpResponseSchema = z.object({ id: z.uuid(), email: z.string() });

export const ValidateAccountBodySchema = z.object({ token: text().min(1).max(200) });
export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export const RecoverPasswordBodySchema = z.object({ token: text().min(1).max(200), password: PasswordSchema });

export const SignInBodySchema = z.object({ email: text().min(1).max(254), password: text().min(1).max(200) });
export const RefreshBodySchema = z.object({ refreshToken: text().min(1).max(200) });
export const AuthTokensSchema = z
  .object({
    accessToken: z.string(),
    refreshToken: z.string(),
    /** Seconds until the access token expires. */
    expiresIn: z.number().int(),
    accountId: z.uuid(),
  })
  .meta({ id: 'AuthTokens' });
export type AuthTokens = z.infer<typeof AuthTokensSchema>;

export const DeviceSchema = z
  .object({
    id: z.uuid(),
    app: z.string(),
    userAgent: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string(),
    current: z.boolean(),
  })
  .meta({ id: 'Device' });
export type Device = z.infer<typeof DeviceSchema>;

export const ChangePasswordBodySchema = z.object({
  oldPassword: text().min(1).max(200),
  newPassword: PasswordSchema,
});
export const BirthdateBodySchema = z.object({ birthdate: BirthdateSchema });
export const LocaleBodySchema = z.object({ locale: LocaleSchema });
export const UsernameBodySchema = z.object({ username: UsernameSchema });
export const PreferencesBodySchema = z.object({
  /** Empty string clears it (the username is shown instead). */
  displayedUsername: text().trim().max(40).optional(),
  newsOptIn: z.boolean().optional(),
  messageEmails: z.boolean().optional(),
  publicProfile: z.boolean().optional(),
  locale: LocaleSchema.optional(),
  /** True: a new nalsToken replaces the current one, and the broker closes every connection that used the old one. */
  rotateNalsToken: z.boolean().optional(),
});
export type PreferencesBody = z.infer<typeof PreferencesBodySchema>;

export const OnlineCountSchema = z.object({ online: z.number().int() });

/** App-start hints answered by GET v1/me/appstart (text). Empty means nothing to do. */
export const APP_START_ONBOARDING = 'nals-download-app-start';
/** Set when a password is recovered: the next app start explains that every device was signed out. */
export const APP_START_PASSWORD_RECOVERED = 'password-recovered';

/** The agent header every request carries, as JSON. */
export const AGENT_HEADER = 'x-agent';
export const AgentSchema = z.object({
  app: text().max(100),
  serial: text().min(8).max(100),
  nals: text().max(40).optional(),
});
export type Agent = z.infer<typeof AgentSchema>;

/** Accounts, sign-in and the current user's routes. */
/** Days between a deletion asked and the erasure: signing in again within them keeps the account (docs/privacy.md). */
export const ACCOUNT_DELETION_GRACE_DAYS = 7;
export const ACCOUNT_DELETION_GRACE_MS = ACCOUNT_DELETION_GRACE_DAYS * 24 * 3600 * 1000;
/** When an account whose deletion was asked at `requestedAt` is erased (the server's answer; the web's estimate). */
export const accountErasureDate = (requestedAt: Date): Date =>
  new Date(requestedAt.getTime() + ACCOUNT_DELETION_GRACE_MS);
export const DeleteAccountBodySchema = z.object({
  /** The account's own password: required when the musician deletes their own account, not when an administrator
   *  deletes someone else's. */
  password: text().max(200, code('too_long')).optional(),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;
export const AccountDeletionSchema = z
  .object({
    /** When the erasure job removes the account's personal data, unless it signs in before. */
    erasesAt: z.string(),
  })
  .meta({ id: 'AccountDeletion' });
export type AccountDeletion = z.infer<typeof AccountDeletionSchema>;

export const accountEndpoints = {
  // ---- accounts
  signUp: def({
    method: 'POST',
    path: 'v1/accounts',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'accounts',
    summary: 'Create an account and send the confirmation email',
    body: SignUpBodySchema,
    response: SignUpResponseSchema,
    status: 201,
  }),
  resendConfirmation: def({
    method: 'POST',
    path: 'v1/accounts/{id}/email',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'accounts',
    summary: 'Send the confirmation email again',
    params: IdParamsSchema,
    response: null,
  }),
  validateAccount: def({
    method: 'POST',
    path: 'v1/accounts/validate',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'accounts',
    summary: 'Confirm an email address with the emailed token',
    body: ValidateAccountBodySchema,
    response: null,
  }),
  forgotPassword: def({
    method: 'POST',
    path: 'v1/accounts/forgot-password',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'accounts',
    summary: 'Email a password recovery link (same answer whether or not the email exists)',
    body: ForgotPasswordBodySchema,
    response: null,
  }),
  recoverPassword: def({
    method: 'POST',
    path: 'v1/accounts/recover-password',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'accounts',
    summary: 'Set a new password with a recovery token; signs out every device',
    body: RecoverPasswordBodySchema,
    response: null,
  }),

  // ---- auth
  signIn: def({
    method: 'POST',
    path: 'v1/auth',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'auth',
    summary: 'Sign in; the agent header names the device',
    body: SignInBodySchema,
    response: AuthTokensSchema,
  }),
  refresh: def({
    method: 'POST',
    path: 'v1/auth/refresh',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'auth',
    summary: 'Rotate the refresh token; a replayed one revokes the device',
    body: RefreshBodySchema,
    response: AuthTokensSchema,
  }),
  signOut: def({
    method: 'DELETE',
    path: 'v1/auth',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'auth',
    summary: 'Sign out this device',
    response: null,
  }),

  // ---- current user
  getMe: def({
    method: 'GET',
    path: 'v1/me',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'me',
    summary: 'The signed-in user',
    response: CurrentUserSchema,
  }),
  getAppStart: def({
    method: 'GET',
    path: 'v1/me/appstart',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'me',
    summary: 'App-start hint: empty, nals-download-app-start, or a welcome key',
    response: 'text',
  }),
  ping: def({
    method: 'POST',
    path: 'v1/me/ping',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'me',
    summary: 'Mark the user online',
    response: null,
  }),
  onlineCount: def({
    method: 'GET',
    path: 'v1/metrics/accounts/online',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'me',
    summary: 'Accounts that pinged in the last 2 minutes',
    response: OnlineCountSchema,
  }),
  listDevices: def({
    method: 'GET',
    path: 'v1/me/devices',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'me',
    summary: 'Devices signed in to this account',
    response: z.array(DeviceSchema),
  }),
  deleteDevice: def({
    method: 'DELETE',
    path: 'v1/devices/{id}',
    access: 'user',
    authz: AUTHZ.ownerOnly,
    tag: 'me',
    summary: 'Disconnect one of my devices at once',
    params: IdParamsSchema,
    response: null,
  }),
  changePassword: def({
    method: 'PUT',
    path: 'v1/me/password',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'me',
    summary: 'Change password (old and new); signs out the other devices',
    body: ChangePasswordBodySchema,
    response: null,
  }),
  setBirthdate: def({
    method: 'PUT',
    path: 'v1/me/birthdate',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'me',
    summary: 'Set the birthdate',
    body: BirthdateBodySchema,
    response: CurrentUserSchema,
  }),
  setLocale: def({
    method: 'PUT',
    path: 'v1/me/locale',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'me',
    summary: 'Set the interface language',
    body: LocaleBodySchema,
    response: CurrentUserSchema,
  }),
  changeUsername: def({
    method: 'POST',
    path: 'v1/me/username',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'me',
    summary: 'Change the username',
    body: UsernameBodySchema,
    response: CurrentUserSchema,
  }),
  setPreferences: def({
    method: 'POST',
    path: 'v1/me/preferences',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'me',
    summary: 'Displayed username, news, profile visibility, language',
    body: PreferencesBodySchema,
    response: CurrentUserSchema,
  }),
  appDownloaded: def({
    method: 'POST',
    path: 'v1/me/app-downloaded',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'me',
    summary: 'Record that the user downloaded the audio client',
    response: null,
  }),
  deleteAccount: def({
    method: 'DELETE',
    path: 'v1/accounts/{id}',
    access: 'user',
    authz: AUTHZ.ownerOrAdmin,
    tag: 'accounts',
    summary:
      'Delete an account: the musician with their password, or an administrator. Devices signed out and the account hidden at once; erased after the grace period unless the musician deleted it themselves and signs in again (a deletion by an administrator is final). Wrong passwords count against the account (429 TOO_MANY_PASSWORD_ATTEMPTS); 409 LAST_ADMIN for the last administrator',
    params: IdParamsSchema,
    body: DeleteAccountBodySchema,
    response: AccountDeletionSchema,
  }),
} as const;
