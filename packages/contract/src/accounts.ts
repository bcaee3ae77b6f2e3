import { z } from 'zod';
import { BirthdateSchema, EmailSchema, LocaleSchema, PasswordSchema, text, UsernameSchema } from './common.ts';

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
