import type { NALS_GATES, NalsAction } from '@tutti/contract/nals';
import type { SimulatedEngine } from '../engine/engine.ts';
import { NalsError } from '../engine/errors.ts';
import type { SignalSink } from '../engine/signal-sink.ts';
import type { ActionPayload } from './codec.ts';

export interface HandlerContext {
  engine: SimulatedEngine;
  emit: SignalSink;
  log: { warn(message: string, fields?: Record<string, unknown>): void };
}

export type ActionHandler<A extends NalsAction> = (ctx: HandlerContext, data: ActionPayload<A>) => void | Promise<void>;

/** Actions a client of an older version does not know (SPEC section 5); it answers them like any unknown action. */
export const ACTION_GATES: Partial<Record<NalsAction, keyof typeof NALS_GATES>> = {
  ping: 'ping',
  list: 'recordings',
  delete: 'recordings',
  native_effects: 'effects',
  set_pref_audio_frame_size: 'prefFrameSize',
};

/** What still works while the engine is stopped; anything else gets error NALS_NOT_STARTED. */
export const ALLOWED_WHILE_STOPPED: ReadonlySet<NalsAction> = new Set<NalsAction>([
  'hello',
  'nals_start',
  'stop',
  'nals_download',
  'nals_upgrade',
  'nals_rollback',
]);

const config = ({ engine, emit }: HandlerContext) => emit('current_config', engine.settings.current(engine.version));

/** What each action does, and the signals it answers with. Asynchronous outcomes come from the engine's sink. */
export const ACTION_HANDLERS: { [A in NalsAction]: ActionHandler<A> } = {
  // Lifecycle. A stopped engine answers hello with bye, so the page shows it as not connected.
  hello: ({ engine, emit }) => (engine.running ? engine.greet() : emit('bye', undefined)),
  nals_start: ({ engine }) => engine.start(),
  stop: ({ engine }) => engine.stop(),

  // Versions: progress and nals_upgrade_ready follow; upgrade and rollback restart the engine (bye, then hello).
  nals_download: ({ engine }, { version }) => engine.updater.start(version),
  nals_upgrade: ({ engine }, { version }) => engine.upgrade(version),
  nals_rollback: ({ engine }) => engine.rollback(),

  // Room: cnx or error + dis follow the UDP join.
  connect: ({ engine }, target) => engine.room.connect(target),
  disconnect: ({ engine }) => engine.room.disconnect(),
  ping: ({ engine, emit, log }) => {
    if (!engine.room.connected) {
      emit('status', { code: 'NOT_CONNECTED', message: 'ping needs a room connection' });
      return;
    }
    // Not awaited: the command queue must not wait up to a ping timeout.
    void engine.room.ping().then((rtt) => {
      if (rtt === null) log.warn('ping lost: no pong from the room server');
      else emit('ping', { rttMs: Math.round(rtt * 1000) / 1000 });
    });
  },

  // Audio settings: every setter answers with the whole current config.
  get_current_config: (ctx) => config(ctx),
  get_sound_card_list: ({ engine, emit }) => emit('sound_card_list', { cards: engine.settings.soundCards() }),
  set_sound_card: (ctx, { id }) => {
    ctx.engine.settings.setSoundCard(id);
    config(ctx);
  },
  set_audio_channel: (ctx, { channel }) => {
    ctx.engine.settings.setAudioChannel(channel);
    config(ctx);
  },
  set_audio_quality: (ctx, { quality }) => {
    ctx.engine.settings.setAudioQuality(quality);
    config(ctx);
  },
  set_buffer: (ctx, { size }) => {
    ctx.engine.settings.setBuffer(size);
    config(ctx);
  },
  set_pref_audio_frame_size: (ctx, { size }) => {
    ctx.engine.settings.setPrefAudioFrameSize(size);
    config(ctx);
  },
  toggle_auto_jitter: (ctx, { enabled }) => {
    ctx.engine.settings.setAutoJitter(enabled);
    config(ctx);
  },
  set_jitter: (ctx, { local, server }) => {
    ctx.engine.settings.setJitter(local, server);
    config(ctx);
  },
  set_reverb: (ctx, { side, value }) => {
    ctx.engine.settings.setReverb(side, value);
    config(ctx);
  },
  open_driver_config: ({ engine, emit }) => {
    const id = engine.settings.current(engine.version).soundCard;
    const card = engine.settings.soundCards().find((c) => c.id === id);
    if (!card) throw new NalsError('SOUND_CARD_NOT_FOUND', 'no sound card whose driver settings could open');
    emit('status', { code: 'DRIVER_CONFIG_OPENED', message: card.name });
  },

  // Monitor mix per slot: also answered with the current config, like every setter.
  set_slot_volume: (ctx, { slot, volume }) => {
    ctx.engine.mixer.set(slot, { volume });
    config(ctx);
  },
  set_slot_mute: (ctx, { slot, muted }) => {
    ctx.engine.mixer.set(slot, { muted });
    config(ctx);
  },
  set_slot_solo: (ctx, { slot, solo }) => {
    ctx.engine.mixer.set(slot, { solo });
    config(ctx);
  },
  set_direction: (ctx, { slot, direction }) => {
    ctx.engine.mixer.set(slot, { direction });
    config(ctx);
  },

  // Effects: no data (or an empty patch) asks for them; a patch is clamped by the engine. Both answer native_info.
  native_info: ({ engine, emit }) => emit('native_info', engine.nativeInfo()),
  native_effects: ({ engine, emit }, patch) => {
    if (patch && (patch.amp || patch.delay || patch.chorus)) engine.patchEffects(patch);
    emit('native_info', engine.nativeInfo());
  },

  // Local recordings.
  start_record_to_file: async ({ engine, emit }, options) => emit('recording', await engine.startRecording(options)),
  stop_record: async ({ engine, emit }) => {
    const name = await engine.recorder.stop();
    emit('not_recording', name ? { name } : {});
  },
  list: async ({ engine, emit }) => emit('catalog', { recordings: await engine.recorder.list() }),
  delete: async ({ engine, emit }, { name }) => {
    if (await engine.recorder.delete(name)) emit('not_recording', { name });
    emit('catalog', { recordings: await engine.recorder.list() });
  },
};
