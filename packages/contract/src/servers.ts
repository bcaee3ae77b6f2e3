import { z } from 'zod';
import { AUTHZ } from './authz.ts';
import { IdParamsSchema, requiredOrInvalid, TEXT_PATTERN, text } from './common.ts';
import { def } from './endpoint.ts';
import { fieldCode as code } from './errors.ts';

/** Regions, providers and the room servers sessions run on (administrators). */

export const RegionSchema = z
  .object({
    id: z.uuid(),
    /** Short stable name, e.g. eu-west. */
    code: z.string(),
    name: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    createdAt: z.string(),
  })
  .meta({ id: 'Region' });
export type Region = z.infer<typeof RegionSchema>;
export const CreateRegionBodySchema = z.object({
  code: text({ error: 'required' })
    .min(2, code('invalid'))
    .max(32, code('too_long'))
    .regex(/^[a-z0-9-]+$/, code('invalid')),
  name: text({ error: 'required' }).trim().min(1, code('required')).max(80, code('too_long')),
  latitude: z.number(requiredOrInvalid).min(-90, code('invalid')).max(90, code('invalid')),
  longitude: z.number(requiredOrInvalid).min(-180, code('invalid')).max(180, code('invalid')),
});

export const PROVIDERS = ['self-hosted', 'ovh', 'scaleway', 'hetzner', 'aws'] as const;
export const ProviderIdSchema = z.enum(PROVIDERS, { error: () => 'invalid' });
export const ProviderSchema = z.object({ id: ProviderIdSchema, name: z.string() }).meta({ id: 'Provider' });
export type Provider = z.infer<typeof ProviderSchema>;

export const SERVER_STATUSES = ['started', 'paused'] as const;
export const ServerSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    regionId: z.uuid(),
    provider: ProviderIdSchema,
    /** The room server's control address (its /health and /rooms). */
    url: z.string(),
    /** Players it takes at once across its rooms. */
    capacity: z.number().int(),
    status: z.enum(SERVER_STATUSES),
    /** Players present in its open rooms (a room takes a slot of its server per player who joins, not its
     *  maxPlayers up front); the server is full when load reaches capacity. */
    load: z.number().int(),
    lastHealthAt: z.string().nullable(),
    lastHealthOk: z.boolean().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Server' });
export type Server = z.infer<typeof ServerSchema>;
export const CreateServerBodySchema = z.object({
  name: text({ error: 'required' }).trim().min(1, code('required')).max(80, code('too_long')),
  regionId: z.uuid(requiredOrInvalid),
  provider: ProviderIdSchema,
  url: z.url(code('invalid')).regex(TEXT_PATTERN, code('invalid_characters')).max(300, code('too_long')),
  /** The room server's ROOM_SECRET; never returned. */
  secret: text({ error: 'required' }).min(16, code('invalid')).max(200, code('too_long')),
  capacity: z.number(requiredOrInvalid).int(code('invalid')).min(1, code('invalid')).max(10_000, code('invalid')),
});

export const ServerHealthSchema = z
  .object({
    ok: z.boolean(),
    checkedAt: z.string(),
    /** The room server's own report when it answered. */
    report: z
      .object({ rooms: z.number().int(), players: z.number().int(), uptimeSec: z.number(), cpu: z.number() })
      .nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'ServerHealth' });
export type ServerHealth = z.infer<typeof ServerHealthSchema>;

/** The regions', providers' and room servers' routes. */
export const serverEndpoints = {
  // ---- regions, providers, room servers
  listProviders: def({
    method: 'GET',
    path: 'v1/providers',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'servers',
    summary: 'Hosting providers a room server can run on',
    response: z.array(ProviderSchema),
  }),
  listRegions: def({
    method: 'GET',
    path: 'v1/regions',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'servers',
    summary: 'Regions where room servers run',
    response: z.array(RegionSchema),
  }),
  createRegion: def({
    audit: 'region.create',
    method: 'POST',
    path: 'v1/regions',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'servers',
    summary: 'Add a region',
    body: CreateRegionBodySchema,
    response: RegionSchema,
    status: 201,
  }),
  deleteRegion: def({
    audit: 'region.delete',
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
    response: z.array(ServerSchema),
  }),
  createServer: def({
    audit: 'server.create',
    method: 'POST',
    path: 'v1/servers',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'servers',
    summary: 'Register a room server (paused until started)',
    body: CreateServerBodySchema,
    response: ServerSchema,
    status: 201,
  }),
  startServer: def({
    audit: 'server.start',
    method: 'POST',
    path: 'v1/servers/{id}/start',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'servers',
    summary: 'Give new sessions rooms on this server',
    params: IdParamsSchema,
    response: ServerSchema,
  }),
  pauseServer: def({
    audit: 'server.pause',
    method: 'POST',
    path: 'v1/servers/{id}/pause',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'servers',
    summary: 'No new rooms on this server; live ones go on',
    params: IdParamsSchema,
    response: ServerSchema,
  }),
  serverHealthcheck: def({
    method: 'GET',
    path: 'v1/servers/{id}/healthcheck',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'servers',
    summary: 'Ask the room server itself how it is',
    params: IdParamsSchema,
    response: ServerHealthSchema,
  }),
  deleteServer: def({
    audit: 'server.delete',
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
