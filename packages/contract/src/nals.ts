import { z } from 'zod';
import { AUTHZ } from './authz.ts';
import { IdParamsSchema, LocalizedNameSchema, text } from './common.ts';
import { def } from './endpoint.ts';
import { NALS_RECORD_MAX_SECONDS } from './nals-constants.ts';

/** The audio client protocol's schemas (zod): its actions, signals and the audio-client endpoints. The constants and
 *  version rules are in nals-constants.ts, re-exported here. */
export * from './nals-constants.ts';

const Slot = z.number().int().min(0).max(15);
const Unit = z.number().min(0).max(1);
const Bounds = z.object({ min: z.number(), max: z.number() });

export const AudioChannelSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]); // mono, stereo, mono in / stereo out
export const AudioQualitySchema = z.union([z.literal(0), z.literal(1), z.literal(2)]); // low, normal, high
export const ReverbSideSchema = z.enum(['local', 'room']);

export const SoundCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  inputs: z.number().int(),
  outputs: z.number().int(),
});
export type SoundCard = z.infer<typeof SoundCardSchema>;

export const CurrentConfigSchema = z.object({
  jitterToggle: z.boolean(),
  jitterConfig: z.object({ local: z.number().int(), server: z.number().int() }),
  audioQuality: AudioQualitySchema,
  audioChannel: AudioChannelSchema,
  reverbSide: ReverbSideSchema,
  reverbValue: Unit,
  audioBufferSize: z.number().int(),
  supportedAudioBufferSizes: z.array(z.number().int()),
  prefAudioFrameSize: z.number().int().nullable(),
  soundCard: z.string().nullable(),
});
export type CurrentConfig = z.infer<typeof CurrentConfigSchema>;

export const AmpSchema = z.object({
  enabled: z.boolean(),
  amps: z.array(z.string()),
  stack: z.number().int(),
  bass: z.number(),
  middle: z.number(),
  treble: z.number(),
  drive: z.number(),
  gain: z.number(),
  insane: z.boolean(),
  bounds: z.object({ bass: Bounds, middle: Bounds, treble: Bounds, drive: Bounds, gain: Bounds }),
});
export const DelaySchema = z.object({
  enabled: z.boolean(),
  timeInSec: z.number(),
  feedback: z.number(),
  mixer: z.number(),
  chorus: z.boolean(),
  bounds: z.object({ timeInSec: Bounds, feedback: Bounds, mixer: Bounds }),
});
export const ChorusSchema = z.object({
  enabled: z.boolean(),
  pitchInSec: z.number(),
  voices: z.number(),
  rateInHz: z.number(),
  depth: z.number(),
  width: z.number(),
  mixer: z.number(),
  bounds: z.object({
    pitchInSec: Bounds,
    voices: Bounds,
    rateInHz: Bounds,
    depth: Bounds,
    width: Bounds,
    mixer: Bounds,
  }),
});
export const EffectsSchema = z.object({ amp: AmpSchema, delay: DelaySchema, chorus: ChorusSchema.nullable() });
export type Effects = z.infer<typeof EffectsSchema>;

const AmpPatch = AmpSchema.omit({ amps: true, bounds: true }).partial();
const DelayPatch = DelaySchema.omit({ bounds: true }).partial();
const ChorusPatch = ChorusSchema.omit({ bounds: true }).partial();
export const EffectsPatchSchema = z.object({
  amp: AmpPatch.optional(),
  delay: DelayPatch.optional(),
  chorus: ChorusPatch.optional(),
});
export type EffectsPatch = z.infer<typeof EffectsPatchSchema>;

const Empty = z.object({}).optional();

/** web -> audio client. */
export const NALS_ACTIONS = {
  hello: Empty,
  nals_start: Empty,
  stop: Empty,
  nals_download: z.object({ version: z.string() }),
  nals_upgrade: z.object({ version: z.string() }),
  nals_rollback: Empty,
  connect: z.object({
    ip: z.string(),
    port: z.number().int().min(1).max(65535),
    player: Slot,
    /** The room ticket (room.ts: `parseRoomTicket`): the client reads its room id from it and sends it in its UDP join. */
    charge: z.string().optional(),
  }),
  disconnect: Empty,
  ping: Empty,
  set_sound_card: z.object({ id: z.string() }),
  set_audio_channel: z.object({ channel: AudioChannelSchema }),
  set_audio_quality: z.object({ quality: AudioQualitySchema }),
  set_buffer: z.object({ size: z.number().int().positive() }),
  toggle_auto_jitter: z.object({ enabled: z.boolean() }),
  set_jitter: z.object({ local: z.number().int().min(0).max(64), server: z.number().int().min(0).max(64) }),
  set_slot_volume: z.object({ slot: Slot, volume: Unit }),
  set_slot_mute: z.object({ slot: Slot, muted: z.boolean() }),
  set_slot_solo: z.object({ slot: Slot, solo: z.boolean() }),
  get_sound_card_list: Empty,
  get_current_config: Empty,
  set_direction: z.object({ slot: Slot, direction: z.number().min(-1).max(1) }),
  set_reverb: z.object({ side: ReverbSideSchema, value: Unit }),
  start_record_to_file: z.object({
    name: z.string().max(100).optional(),
    maxSeconds: z.number().int().min(1).max(NALS_RECORD_MAX_SECONDS).optional(),
  }),
  stop_record: Empty,
  list: Empty,
  delete: z.object({ name: z.string().min(1).max(100) }),
  native_info: Empty,
  /** Empty data asks for the effects; a patch changes them. The client answers with `native_info` carrying effects. */
  native_effects: EffectsPatchSchema.optional(),
  set_pref_audio_frame_size: z.object({ size: z.number().int().positive() }),
  open_driver_config: Empty,
} as const;
export type NalsAction = keyof typeof NALS_ACTIONS;
export type NalsActionData<A extends NalsAction> = z.input<(typeof NALS_ACTIONS)[A]>;

export const RecordingSchema = z.object({
  name: z.string(),
  sizeBytes: z.number().int(),
  durationSec: z.number(),
  createdAt: z.string(),
});

/** audio client -> web. */
export const NALS_SIGNALS = {
  hello: z.object({ name: z.string(), host: z.string(), hostname: z.string(), version: z.string() }),
  bye: Empty,
  sound_card_list: z.object({ cards: z.array(SoundCardSchema) }),
  current_config: CurrentConfigSchema,
  /** Round trip to the room server, and to each other player's slot. */
  ping: z.object({ rttMs: z.number(), slots: z.record(z.string(), z.number()).optional() }),
  /** Round trip between this client and the web page's broker path. */
  cl_ping: z.object({ rttMs: z.number() }),
  private_chat_message: z.object({ from: z.string(), text: z.string() }),
  error: z.object({ code: z.string(), message: z.string().optional() }),
  status: z.object({ code: z.string(), message: z.string().optional(), progress: z.number().min(0).max(1).optional() }),
  nals_upgrade_ready: z.object({ version: z.string() }),
  audio_levels: z.object({ input: Unit, output: Unit, slots: z.record(z.string(), Unit) }),
  cnx: z.object({ ip: z.string(), port: z.number().int(), player: Slot }),
  dis: z.object({ reason: z.enum(['requested', 'lost', 'refused']) }),
  recording: z.object({ name: z.string(), startedAt: z.string(), maxSeconds: z.number().int() }),
  not_recording: z.object({ name: z.string().optional() }),
  catalog: z.object({ recordings: z.array(RecordingSchema) }),
  native_info: z.object({ engine: z.string(), os: z.string(), effects: EffectsSchema.nullable() }),
} as const;
export type NalsSignal = keyof typeof NALS_SIGNALS;
export type NalsSignalData<S extends NalsSignal> = z.infer<(typeof NALS_SIGNALS)[S]>;

export const NalsActionMessageSchema = z.object({ action: z.string(), data: z.unknown().optional() });
export const NalsSignalMessageSchema = z.object({ signal: z.string(), data: z.unknown().optional() });

/**
 * The state of the apps/nals emulator, served on its optional local `--state-port` (GET /state) so end-to-end tests
 * can check what the client itself holds, not only what the web shows.
 */
export const NalsEmulatorStateSchema = z.object({
  version: z.string(),
  previousVersion: z.string().nullable(),
  downloadedVersions: z.array(z.string()),
  /** False after `stop` (or a start that failed) until `nals_start`. */
  running: z.boolean(),
  broker: z.object({ url: z.string(), online: z.boolean() }),
  hello: NALS_SIGNALS.hello,
  soundCards: z.array(SoundCardSchema),
  /** Exactly what `current_config` reports (prefAudioFrameSize null below 0.11.0). */
  config: CurrentConfigSchema,
  /** Exactly what `native_info` reports: null below 0.10.0, chorus null below 0.10.2. */
  effects: EffectsSchema.nullable(),
  mixer: z.record(z.string(), z.object({ volume: Unit, muted: z.boolean(), solo: z.boolean(), direction: z.number() })),
  connection: z
    .object({
      phase: z.enum(['joining', 'connected']),
      ip: z.string(),
      port: z.number().int(),
      player: Slot,
      room: z.string(),
      lastRttMs: z.number().nullable(),
      framesSent: z.number().int(),
      framesReceived: z.number().int(),
    })
    .nullable(),
  recording: NALS_SIGNALS.recording.nullable(),
  recordings: z.array(RecordingSchema),
  recordingsDir: z.string(),
  download: z.object({ version: z.string(), progress: Unit }).nullable(),
  /** Faults injected with --fail. */
  faults: z.array(z.string()),
  /** How many of each signal the client has published since it started. */
  signalCounts: z.record(z.string(), z.number().int()),
});
export type NalsEmulatorState = z.infer<typeof NalsEmulatorStateSchema>;

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

/** The audio client's routes: versions, downloads, token, and the echo self-check. */
export const nalsEndpoints = {
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
    audit: 'nalsVersion.enable',
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
} as const;
