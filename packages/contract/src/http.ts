import { z } from 'zod';
import * as A from './accounts.ts';
import * as R from './reference.ts';
import { IdParamsSchema, LocalizedNameSchema } from './common.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** public: anyone; user: a signed-in account (CORE_GUEST); admin: CORE_ADMIN. */
export type Access = 'public' | 'user' | 'admin';

export interface EndpointDef {
  method: HttpMethod;
  /** Relative to the API base, as written in shared/spec/endpoints.txt. */
  path: string;
  access: Access;
  tag: string;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A JSON schema, 'text' for text/plain, or null for 204 No Content. */
  response: z.ZodType | 'text' | null;
  /** Success status when a body is returned; 200 unless said. */
  status?: 200 | 201;
}

const def = <T extends EndpointDef>(d: T): T => d;

// ---- schemas of the audio-client endpoints (versions, download, self-check)

/** The systems the audio client is built for: Linux, Windows 64-bit, macOS from Yosemite. */
export const NALS_OSES = ['linux', 'windows', 'mac'] as const;
export const NalsOsSchema = z.enum(NALS_OSES, {
  error: (issue) => (issue.input === undefined ? 'required' : 'invalid'),
});
export type NalsOs = z.infer<typeof NalsOsSchema>;
/** X.Y.Z, as the audio client reports it. */
export const NalsVersionNumberSchema = z.string().regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/, { message: 'invalid' });

export const NalsVersionSchema = z
  .object({
    id: z.uuid(),
    version: z.string(),
    releaseNotes: LocalizedNameSchema,
    /** Absolute download address per system. */
    downloads: z.object({ linux: z.string(), windows: z.string(), mac: z.string() }),
    /** The reference version (v1/config's nalsRefVersion); one at most. */
    enabled: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'NalsVersion' });
export type NalsVersion = z.infer<typeof NalsVersionSchema>;
/** target: a version number; the enabled version when absent. */
export const NalsDownloadQuerySchema = z.object({ os: NalsOsSchema, target: NalsVersionNumberSchema.optional() });

/** The echo room of a self-check: the audio client sends `connect {ip, port, player, charge}` to reach it. */
export const SelfcheckSchema = z
  .object({
    id: z.uuid(),
    ip: z.string(),
    port: z.number().int().min(1).max(65535),
    player: z.number().int().min(0).max(15),
    /** The room id, which the audio client presents to the room server to join (`connect`'s charge). */
    charge: z.string(),
  })
  .meta({ id: 'Selfcheck' });
export type Selfcheck = z.infer<typeof SelfcheckSchema>;

export const endpoints = {
  // ---- reference and configuration
  health: def({
    method: 'GET',
    path: 'v1/health',
    access: 'public',
    tag: 'reference',
    summary: 'Liveness and database check',
    response: 'text',
  }),
  getConfig: def({
    method: 'GET',
    path: 'v1/config',
    access: 'public',
    tag: 'reference',
    summary: 'Client configuration',
    query: R.ConfigQuerySchema,
    response: R.ConfigSchema,
  }),
  getSystem: def({
    method: 'GET',
    path: 'v1/system',
    access: 'public',
    tag: 'reference',
    summary: 'Server version and time',
    response: R.SystemSchema,
  }),
  listCountries: def({
    method: 'GET',
    path: 'v1/config/countries',
    access: 'public',
    tag: 'reference',
    summary: 'ISO 3166 countries, English and French names',
    response: z.array(R.CountrySchema),
  }),
  listSocialNetworks: def({
    method: 'GET',
    path: 'v1/config/social-networks',
    access: 'public',
    tag: 'reference',
    summary: 'Social networks a profile can link to',
    response: z.array(R.SocialNetworkSchema),
  }),
  listMusicStyles: def({
    method: 'GET',
    path: 'v1/music-styles',
    access: 'public',
    tag: 'reference',
    summary: 'Music styles',
    response: z.array(R.MusicStyleSchema),
  }),
  listMusicSkills: def({
    method: 'GET',
    path: 'v1/music-skills',
    access: 'public',
    tag: 'reference',
    summary: 'Skill levels',
    response: z.array(R.MusicSkillSchema),
  }),
  listPrivileges: def({
    method: 'GET',
    path: 'v1/privileges',
    access: 'admin',
    tag: 'reference',
    summary: 'Roles an account can hold',
    response: z.array(R.PrivilegeSchema),
  }),

  // ---- accounts
  signUp: def({
    method: 'POST',
    path: 'v1/accounts',
    access: 'public',
    tag: 'accounts',
    summary: 'Create an account and send the confirmation email',
    body: A.SignUpBodySchema,
    response: A.SignUpResponseSchema,
    status: 201,
  }),
  resendConfirmation: def({
    method: 'POST',
    path: 'v1/accounts/{id}/email',
    access: 'public',
    tag: 'accounts',
    summary: 'Send the confirmation email again',
    params: IdParamsSchema,
    response: null,
  }),
  validateAccount: def({
    method: 'POST',
    path: 'v1/accounts/validate',
    access: 'public',
    tag: 'accounts',
    summary: 'Confirm an email address with the emailed token',
    body: A.ValidateAccountBodySchema,
    response: null,
  }),
  forgotPassword: def({
    method: 'POST',
    path: 'v1/accounts/forgot-password',
    access: 'public',
    tag: 'accounts',
    summary: 'Email a password recovery link (same answer whether or not the email exists)',
    body: A.ForgotPasswordBodySchema,
    response: null,
  }),
  recoverPassword: def({
    method: 'POST',
    path: 'v1/accounts/recover-password',
    access: 'public',
    tag: 'accounts',
    summary: 'Set a new password with a recovery token; signs out every device',
    body: A.RecoverPasswordBodySchema,
    response: null,
  }),

  // ---- auth
  signIn: def({
    method: 'POST',
    path: 'v1/auth',
    access: 'public',
    tag: 'auth',
    summary: 'Sign in; the agent header names the device',
    body: A.SignInBodySchema,
    response: A.AuthTokensSchema,
  }),
  refresh: def({
    method: 'POST',
    path: 'v1/auth/refresh',
    access: 'public',
    tag: 'auth',
    summary: 'Rotate the refresh token; a replayed one revokes the device',
    body: A.RefreshBodySchema,
    response: A.AuthTokensSchema,
  }),
  signOut: def({
    method: 'DELETE',
    path: 'v1/auth',
    access: 'user',
    tag: 'auth',
    summary: 'Sign out this device',
    response: null,
  }),

  // ---- current user
  getMe: def({
    method: 'GET',
    path: 'v1/me',
    access: 'user',
    tag: 'me',
    summary: 'The signed-in user',
    response: A.CurrentUserSchema,
  }),
  getAppStart: def({
    method: 'GET',
    path: 'v1/me/appstart',
    access: 'user',
    tag: 'me',
    summary: 'App-start hint: empty, nals-download-app-start, or a welcome key',
    response: 'text',
  }),
  ping: def({
    method: 'POST',
    path: 'v1/me/ping',
    access: 'user',
    tag: 'me',
    summary: 'Mark the user online',
    response: null,
  }),
  onlineCount: def({
    method: 'GET',
    path: 'v1/metrics/accounts/online',
    access: 'user',
    tag: 'me',
    summary: 'Accounts that pinged in the last 2 minutes',
    response: A.OnlineCountSchema,
  }),
  listDevices: def({
    method: 'GET',
    path: 'v1/me/devices',
    access: 'user',
    tag: 'me',
    summary: 'Devices signed in to this account',
    response: z.array(A.DeviceSchema),
  }),
  deleteDevice: def({
    method: 'DELETE',
    path: 'v1/devices/{id}',
    access: 'user',
    tag: 'me',
    summary: 'Disconnect one of my devices at once',
    params: IdParamsSchema,
    response: null,
  }),
  changePassword: def({
    method: 'PUT',
    path: 'v1/me/password',
    access: 'user',
    tag: 'me',
    summary: 'Change password (old and new); signs out the other devices',
    body: A.ChangePasswordBodySchema,
    response: null,
  }),
  setBirthdate: def({
    method: 'PUT',
    path: 'v1/me/birthdate',
    access: 'user',
    tag: 'me',
    summary: 'Set the birthdate',
    body: A.BirthdateBodySchema,
    response: A.CurrentUserSchema,
  }),
  setLocale: def({
    method: 'PUT',
    path: 'v1/me/locale',
    access: 'user',
    tag: 'me',
    summary: 'Set the interface language',
    body: A.LocaleBodySchema,
    response: A.CurrentUserSchema,
  }),
  changeUsername: def({
    method: 'POST',
    path: 'v1/me/username',
    access: 'user',
    tag: 'me',
    summary: 'Change the username',
    body: A.UsernameBodySchema,
    response: A.CurrentUserSchema,
  }),
  setPreferences: def({
    method: 'POST',
    path: 'v1/me/preferences',
    access: 'user',
    tag: 'me',
    summary: 'Displayed username, news, profile visibility, language',
    body: A.PreferencesBodySchema,
    response: A.CurrentUserSchema,
  }),
  appDownloaded: def({
    method: 'POST',
    path: 'v1/me/app-downloaded',
    access: 'user',
    tag: 'me',
    summary: 'Record that the user downloaded the audio client',
    response: null,
  }),

  // ---- audio client (NALS)
  listNalsVersions: def({
    method: 'GET',
    path: 'v1/nals/versions',
    access: 'user',
    tag: 'nals',
    summary: 'Audio client releases, newest first',
    response: z.array(NalsVersionSchema),
  }),
  enableNalsVersion: def({
    method: 'POST',
    path: 'v1/nals/versions/{id}/enable',
    access: 'admin',
    tag: 'nals',
    summary: 'Make this release the reference version (nalsRefVersion); the previous one is disabled',
    params: IdParamsSchema,
    response: NalsVersionSchema,
  }),
  getNalsDownload: def({
    method: 'GET',
    path: 'v1/nals/download',
    access: 'public',
    tag: 'nals',
    summary: 'Download address of the audio client for a system (target version, else the reference one)',
    query: NalsDownloadQuerySchema,
    response: 'text',
  }),

  // ---- sessions: self-check
  startSelfcheck: def({
    method: 'POST',
    path: 'v1/selfcheck/start',
    access: 'user',
    tag: 'sessions',
    summary: 'Open an echo room on the room server for the self-check',
    response: SelfcheckSchema,
    status: 201,
  }),
  closeSelfcheck: def({
    method: 'POST',
    path: 'v1/selfcheck/{id}/close',
    access: 'user',
    tag: 'sessions',
    summary: 'Close my self-check and its echo room (idempotent)',
    params: IdParamsSchema,
    response: null,
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

type Infer<T> = T extends z.ZodType ? z.infer<T> : T extends 'text' ? string : T extends null ? void : never;
export type ResponseOf<N extends EndpointName> = Infer<Endpoints[N]['response']>;
export type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: infer B }
  ? B extends z.ZodType
    ? z.input<B>
    : never
  : undefined;
export type ParamsOf<N extends EndpointName> = Endpoints[N] extends { params: infer P }
  ? P extends z.ZodType
    ? z.input<P>
    : never
  : undefined;
export type QueryOf<N extends EndpointName> = Endpoints[N] extends { query: infer Q }
  ? Q extends z.ZodType
    ? z.input<Q>
    : never
  : undefined;

/** 'v1/accounts/{id}/email' with {id: 'x'} -> 'v1/accounts/x/email'. */
export function fillPath(path: string, params?: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(params?.[k] ?? ''));
}
/** 'v1/accounts/{id}/email' -> 'v1/accounts/:id/email' (Fastify's form). */
export function toRoutePattern(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
