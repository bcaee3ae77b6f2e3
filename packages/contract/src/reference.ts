import { z } from 'zod';
import { AUTHZ } from './authz.ts';
import { LocalizedNameSchema } from './common.ts';
import { def } from './endpoint.ts';

export const ConfigSchema = z
  .object({
    queueHost: z.string(),
    busHost: z.string(),
    nalsRefVersion: z.string(),
    landingUrl: z.string(),
    analytics: z.object({
      datadog: z.string().nullable(),
      matomoID: z.string().nullable(),
      matomoUrl: z.string().nullable(),
    }),
  })
  .meta({ id: 'Config' });
export type Config = z.infer<typeof ConfigSchema>;
export const ConfigQuerySchema = z.object({ current: z.enum(['true', 'false']).optional() });

/** Anyone gets the server's clock; the version and the engines behind it (what an attacker would look up known
 *  flaws for) only an administrator, whose request carries an administrator's access token. */
export const SystemSchema = z
  .object({
    serverTime: z.string(),
    version: z.string().optional(),
    startedAt: z.string().optional(),
    database: z.enum(['pglite', 'postgres']).optional(),
    bus: z.enum(['memory', 'redis']).optional(),
  })
  .meta({ id: 'System' });

export const CountrySchema = z
  .object({ code: z.string().length(2), name: LocalizedNameSchema })
  .meta({ id: 'Country' });
export const SocialNetworkSchema = z
  .object({ id: z.string(), name: z.string(), urlPrefix: z.string() })
  .meta({ id: 'SocialNetwork' });
export const MusicStyleSchema = z.object({ id: z.string(), name: LocalizedNameSchema }).meta({ id: 'MusicStyle' });
export const MusicSkillSchema = z
  .object({ id: z.enum(['all', 'beginner', 'medium', 'expert']), rank: z.number().int(), name: LocalizedNameSchema })
  .meta({ id: 'MusicSkill' });
export const PrivilegeSchema = z.object({ name: z.string(), description: z.string() }).meta({ id: 'Privilege' });

export type System = z.infer<typeof SystemSchema>;
export type Country = z.infer<typeof CountrySchema>;
export type SocialNetwork = z.infer<typeof SocialNetworkSchema>;
export type MusicStyle = z.infer<typeof MusicStyleSchema>;
export type MusicSkill = z.infer<typeof MusicSkillSchema>;
export type Privilege = z.infer<typeof PrivilegeSchema>;

/** The reference and configuration routes. */
export const referenceEndpoints = {
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
    query: ConfigQuerySchema,
    response: ConfigSchema,
  }),
  getSystem: def({
    method: 'GET',
    path: 'v1/system',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'reference',
    summary: 'Server time; version and engines for an administrator',
    response: SystemSchema,
  }),
  listCountries: def({
    method: 'GET',
    path: 'v1/config/countries',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'reference',
    summary: 'ISO 3166 countries, English and French names',
    response: z.array(CountrySchema),
  }),
  listSocialNetworks: def({
    method: 'GET',
    path: 'v1/config/social-networks',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'reference',
    summary: 'Social networks a profile can link to',
    response: z.array(SocialNetworkSchema),
  }),
  listMusicStyles: def({
    method: 'GET',
    path: 'v1/music-styles',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'reference',
    summary: 'Music styles',
    response: z.array(MusicStyleSchema),
  }),
  listMusicSkills: def({
    method: 'GET',
    path: 'v1/music-skills',
    access: 'public',
    authz: AUTHZ.anyone,
    tag: 'reference',
    summary: 'Skill levels',
    response: z.array(MusicSkillSchema),
  }),
  listPrivileges: def({
    method: 'GET',
    path: 'v1/privileges',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'reference',
    summary: 'Roles an account can hold',
    response: z.array(PrivilegeSchema),
  }),
} as const;
