import type { NalsSignal, NalsSignalData } from '@tutti/contract/nals';

/** Where the engine sends what it has to tell the web; the protocol layer turns each call into an MQTT message. */
export type SignalSink = <S extends NalsSignal>(signal: S, data: NalsSignalData<S>) => void;
