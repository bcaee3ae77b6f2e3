import { z } from 'zod';
import * as A from './accounts.ts';
import { AUTHZ, type Authz } from './authz.ts';
import * as R from './reference.ts';
import { IdParamsSchema, LocalizedNameSchema, PageQuerySchema, text } from './common.ts';
import * as S from './sessions.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** public: anyone; user: a signed-in account (CORE_GUEST); tester: TUTTI_MU (or CORE_ADMIN); admin: CORE_ADMIN. */
export type Access = 'public' | 'user' | 'tester' | 'admin';

export interface EndpointDef {
  method: HttpMethod;
  /** Relative to the API base, as written in shared/spec/endpoints.txt. */
  path: string;
  access: Access;
  /** Expected answers per caller: every route declares them, the matrix test checks them. */
  authz: Authz;
  tag: string;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A JSON schema, 'text' for text/plain, or null for 204 No Content. */
  response: z.ZodType | 'text' | null;
  /** Success status when a body is returned; 200 unless said. */
  status?: 200 | 201;
  /** multipart/form-data with one image in this field (no JSON body). */
  upload?: { field: string };
  /** Also accepted without the Authorization header when the body (JSON sent as text/plain by
   *  navigator.sendBeacon) carries the leaveToken of the caller's join. */
  beacon?: true;
}

export { AUTHZ, type Authz, type Outcome } from './authz.ts';

const def = <T extends EndpointDef>(d: T): T => d;

// ---- schemas of the audio-client endpoints (versions, download, self-check)

/** The systems the audio client is built for: Linux, Windows 64-bit, macOS from Yosemite. */
export const NALS_OSES = ['linux', 'windows', 'mac'] as const;
export const NalsOsSchema = z.enum(NALS_OSES, {
  error: (issue) => (issue.input === undefined ? 'required' : 'invalid'),
});
export type NalsOs = z.infer<typeof NalsOsSchema>;
/** X.Y.Z, as the audio client reports it. */
export const NalsVersionNumberSchema = text().regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/, { message: 'invalid' });

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
    /** The echo room's ticket for this account (`connect`'s charge): the audio client presents it to join. */
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
    authz: AUTHZ.anyone,
    tag: 'reference',
    summary: 'Liveness and database check',
    response: 'text',
  }),
  getConfig: def({
    method: 'GET',
    path: 'v1/config',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'reference',
    summary: 'Client configuration',
    query: R.ConfigQuerySchema,
    response: R.ConfigSchema,
  }),
  getSystem: def({
    method: 'GET',
    path: 'v1/system',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'reference',
    summary: 'Server time; version and engines for an administrator',
    response: R.SystemSchema,
  }),
  listCountries: def({
    method: 'GET',
    path: 'v1/config/countries',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'reference',
    summary: 'ISO 3166 countries, English and French names',
    response: z.array(R.CountrySchema),
  }),
  listSocialNetworks: def({
    method: 'GET',
    path: 'v1/config/social-networks',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'reference',
    summary: 'Social networks a profile can link to',
    response: z.array(R.SocialNetworkSchema),
  }),
  listMusicStyles: def({
    method: 'GET',
    path: 'v1/music-styles',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'reference',
    summary: 'Music styles',
    response: z.array(R.MusicStyleSchema),
  }),
  listMusicSkills: def({
    method: 'GET',
    path: 'v1/music-skills',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'reference',
    summary: 'Skill levels',
    response: z.array(R.MusicSkillSchema),
  }),
  listPrivileges: def({
    method: 'GET',
    path: 'v1/privileges',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'reference',
    summary: 'Roles an account can hold',
    response: z.array(R.PrivilegeSchema),
  }),

  // ---- accounts
  signUp: def({
    method: 'POST',
    path: 'v1/accounts',
    access: 'public',
    authz: AUTHZ.anyone,
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
    body: A.ValidateAccountBodySchema,
    response: null,
  }),
  forgotPassword: def({
    method: 'POST',
    path: 'v1/accounts/forgot-password',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'accounts',
    summary: 'Email a password recovery link (same answer whether or not the email exists)',
    body: A.ForgotPasswordBodySchema,
    response: null,
  }),
  recoverPassword: def({
    method: 'POST',
    path: 'v1/accounts/recover-password',
    access: 'public',
    authz: AUTHZ.anyone,
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
    authz: AUTHZ.anyone,
    tag: 'auth',
    summary: 'Sign in; the agent header names the device',
    body: A.SignInBodySchema,
    response: A.AuthTokensSchema,
  }),
  refresh: def({
    method: 'POST',
    path: 'v1/auth/refresh',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'auth',
    summary: 'Rotate the refresh token; a replayed one revokes the device',
    body: A.RefreshBodySchema,
    response: A.AuthTokensSchema,
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
    response: A.CurrentUserSchema,
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
    response: A.OnlineCountSchema,
  }),
  listDevices: def({
    method: 'GET',
    path: 'v1/me/devices',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'me',
    summary: 'Devices signed in to this account',
    response: z.array(A.DeviceSchema),
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
    body: A.ChangePasswordBodySchema,
    response: null,
  }),
  setBirthdate: def({
    method: 'PUT',
    path: 'v1/me/birthdate',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'me',
    summary: 'Set the birthdate',
    body: A.BirthdateBodySchema,
    response: A.CurrentUserSchema,
  }),
  setLocale: def({
    method: 'PUT',
    path: 'v1/me/locale',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'me',
    summary: 'Set the interface language',
    body: A.LocaleBodySchema,
    response: A.CurrentUserSchema,
  }),
  changeUsername: def({
    method: 'POST',
    path: 'v1/me/username',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'me',
    summary: 'Change the username',
    body: A.UsernameBodySchema,
    response: A.CurrentUserSchema,
  }),
  setPreferences: def({
    method: 'POST',
    path: 'v1/me/preferences',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'me',
    summary: 'Displayed username, news, profile visibility, language',
    body: A.PreferencesBodySchema,
    response: A.CurrentUserSchema,
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

  // ---- audio client (NALS)
  listNalsVersions: def({
    method: 'GET',
    path: 'v1/nals/versions',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'nals',
    summary: 'Audio client releases, newest first',
    response: z.array(NalsVersionSchema),
  }),
  enableNalsVersion: def({
    method: 'POST',
    path: 'v1/nals/versions/{id}/enable',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'nals',
    summary: 'Make this release the reference version (nalsRefVersion); the previous one is disabled',
    params: IdParamsSchema,
    response: NalsVersionSchema,
  }),
  getNalsDownload: def({
    method: 'GET',
    path: 'v1/nals/download',
    access: 'public',
    authz: AUTHZ.anyone,
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
    authz: AUTHZ.signedIn,
    tag: 'sessions',
    summary: 'Open an echo room on the room server for the self-check',
    response: SelfcheckSchema,
    status: 201,
  }),
  closeSelfcheck: def({
    method: 'POST',
    path: 'v1/selfcheck/{id}/close',
    access: 'user',
    authz: AUTHZ.ownerOnly,
    tag: 'sessions',
    summary: 'Close my self-check and its echo room (idempotent)',
    params: IdParamsSchema,
    response: null,
  }),

  // ---- sessions: lists and live state
  listSessions: def({
    method: 'GET',
    path: 'v1/sessions',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'sessions',
    summary: 'Live sessions I may see: public ones, and private ones I organize, am invited to or play in; paged',
    query: PageQuerySchema,
    response: S.SessionPageSchema,
  }),
  listPublicSessions: def({
    method: 'GET',
    path: 'v1/sessions/public',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'sessions',
    summary: 'Public open rehearsals, live then scheduled, soonest first; paged',
    query: PageQuerySchema,
    response: S.SessionPageSchema,
  }),
  listMySessions: def({
    method: 'GET',
    path: 'v1/me/sessions',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'sessions',
    summary: 'Sessions I organize and sessions I am invited to (not ended), each paged, and my free minutes left',
    query: PageQuerySchema,
    response: S.MySessionsSchema,
  }),
  keepalive: def({
    method: 'POST',
    path: 'v1/sessions/{id}/keepalive',
    access: 'user',
    authz: AUTHZ.playerOnly,
    tag: 'sessions',
    summary: 'I am still playing; counts free minutes and drops me when they run out (402)',
    params: IdParamsSchema,
    response: S.KeepaliveResponseSchema,
  }),
  getSessionDetails: def({
    method: 'GET',
    path: 'v1/sessions/{id}/details',
    access: 'user',
    authz: AUTHZ.ownerOnly,
    tag: 'sessions',
    summary: 'One session; a private one only for its organizer, invited and players',
    params: IdParamsSchema,
    response: S.SessionSchema,
  }),
  listSessionPosts: def({
    method: 'GET',
    path: 'v1/session-posts',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'sessions',
    summary: "The hall's feed of public session activity, newest first; paged",
    query: PageQuerySchema,
    response: S.SessionPostPageSchema,
  }),

  // ---- sessions: open rehearsals
  createOpenRehearsal: def({
    method: 'POST',
    path: 'v2/open-rehearsal',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'sessions',
    summary: 'Create an open rehearsal, now or scheduled, public or private, and invite musicians (fair-use limits)',
    body: S.CreateOpenRehearsalBodySchema,
    response: S.SessionSchema,
    status: 201,
  }),
  updateOpenRehearsal: def({
    method: 'PUT',
    path: 'v1/open-rehearsal/{id}',
    access: 'user',
    authz: AUTHZ.ownerOnly,
    tag: 'sessions',
    summary: 'Edit an open rehearsal (organizer only)',
    params: IdParamsSchema,
    body: S.UpdateOpenRehearsalBodySchema,
    response: S.SessionSchema,
  }),
  setOpenRehearsalCover: def({
    method: 'PUT',
    path: 'v1/open-rehearsal/{id}/cover-picture',
    access: 'user',
    authz: AUTHZ.ownerOnly,
    tag: 'sessions',
    summary: 'Set the cover picture (organizer only): multipart field file, JPEG, PNG or WebP, resized',
    params: IdParamsSchema,
    upload: { field: 'file' },
    response: S.SessionSchema,
  }),
  joinOpenRehearsal: def({
    method: 'POST',
    path: 'v2/open-rehearsal/{id}/join',
    access: 'user',
    authz: AUTHZ.ownerOnly,
    tag: 'sessions',
    summary: 'Take a player slot: room address, slot, free minutes left, and the token of the quit beacon',
    params: IdParamsSchema,
    response: S.JoinedSessionSchema,
  }),
  inviteToOpenRehearsal: def({
    method: 'POST',
    path: 'v1/open-rehearsal/{id}/invite',
    access: 'user',
    authz: AUTHZ.ownerOnly,
    tag: 'sessions',
    summary: 'Invite musicians by username (organizer only); each sees the invitation live',
    params: IdParamsSchema,
    body: S.InviteBodySchema,
    response: S.SessionSchema,
  }),
  quitOpenRehearsal: def({
    method: 'POST',
    path: 'v1/open-rehearsal/{id}/quit',
    access: 'user',
    authz: AUTHZ.ownerOnly,
    tag: 'sessions',
    summary: 'Leave my slot (idempotent); the last one out ends the session. Accepts the beacon form',
    params: IdParamsSchema,
    body: S.QuitBodySchema,
    beacon: true,
    response: null,
  }),

  // ---- sessions: test rehearsals
  listTestRehearsals: def({
    method: 'GET',
    path: 'v1/test-rehearsal',
    access: 'tester',
    authz: AUTHZ.admins,
    tag: 'sessions',
    summary: 'Test rehearsals that have not ended',
    response: z.array(S.SessionSchema),
  }),
  createTestRehearsal: def({
    method: 'POST',
    path: 'v1/test-rehearsal',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'sessions',
    summary: 'Create a password-protected test rehearsal',
    body: S.CreateTestRehearsalBodySchema,
    response: S.SessionSchema,
    status: 201,
  }),
  deleteTestRehearsal: def({
    method: 'DELETE',
    path: 'v1/test-rehearsal/{id}',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'sessions',
    summary: 'End a test rehearsal and close its room',
    params: IdParamsSchema,
    response: null,
  }),
  joinTestRehearsal: def({
    method: 'POST',
    path: 'v1/test-rehearsal/{id}/join',
    access: 'tester',
    authz: AUTHZ.admins,
    tag: 'sessions',
    summary: 'Join a test rehearsal with its password',
    params: IdParamsSchema,
    body: S.JoinTestRehearsalBodySchema,
    response: S.JoinedSessionSchema,
  }),
  quitTestRehearsal: def({
    method: 'POST',
    path: 'v1/test-rehearsal/{id}/quit',
    access: 'tester',
    authz: AUTHZ.admins,
    tag: 'sessions',
    summary: 'Leave a test rehearsal (idempotent). Accepts the beacon form',
    params: IdParamsSchema,
    body: S.QuitBodySchema,
    beacon: true,
    response: null,
  }),
  postRoomMetrics: def({
    method: 'POST',
    path: 'v1/rooms/{id}/metrics',
    access: 'user',
    authz: AUTHZ.playerOnly,
    tag: 'sessions',
    summary: 'Room quality report of my audio client over the last 30 pings',
    params: IdParamsSchema,
    body: S.RoomMetricsBodySchema,
    response: null,
  }),

  // ---- regions, providers, room servers
  listProviders: def({
    method: 'GET',
    path: 'v1/providers',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'servers',
    summary: 'Hosting providers a room server can run on',
    response: z.array(S.ProviderSchema),
  }),
  listRegions: def({
    method: 'GET',
    path: 'v1/regions',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'servers',
    summary: 'Regions where room servers run',
    response: z.array(S.RegionSchema),
  }),
  createRegion: def({
    method: 'POST',
    path: 'v1/regions',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'servers',
    summary: 'Add a region',
    body: S.CreateRegionBodySchema,
    response: S.RegionSchema,
    status: 201,
  }),
  deleteRegion: def({
    method: 'DELETE',
    path: 'v1/regions/{id}',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'servers',
    summary: 'Remove a region without servers (409 otherwise)',
    params: IdParamsSchema,
    response: null,
  }),
  listServers: def({
    method: 'GET',
    path: 'v1/servers',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'servers',
    summary: 'Room servers with their status and load',
    response: z.array(S.ServerSchema),
  }),
  createServer: def({
    method: 'POST',
    path: 'v1/servers',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'servers',
    summary: 'Register a room server (paused until started)',
    body: S.CreateServerBodySchema,
    response: S.ServerSchema,
    status: 201,
  }),
  startServer: def({
    method: 'POST',
    path: 'v1/servers/{id}/start',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'servers',
    summary: 'Give new sessions rooms on this server',
    params: IdParamsSchema,
    response: S.ServerSchema,
  }),
  pauseServer: def({
    method: 'POST',
    path: 'v1/servers/{id}/pause',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'servers',
    summary: 'No new rooms on this server; live ones go on',
    params: IdParamsSchema,
    response: S.ServerSchema,
  }),
  serverHealthcheck: def({
    method: 'GET',
    path: 'v1/servers/{id}/healthcheck',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'servers',
    summary: 'Ask the room server itself how it is',
    params: IdParamsSchema,
    response: S.ServerHealthSchema,
  }),
  deleteServer: def({
    method: 'DELETE',
    path: 'v1/servers/{id}',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'servers',
    summary: 'Remove a room server without live rooms (409 otherwise)',
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
