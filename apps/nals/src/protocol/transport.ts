/** What the protocol layer needs from a broker connection; MQTT in production, in memory in tests. */
export interface TransportEvents {
  /** A message on the client's `/in` topic. */
  message(payload: Buffer): void;
  /** Connected and subscribed (on the first connection and after every reconnection). */
  online(): void;
  offline(): void;
}

export interface Transport {
  readonly url: string;
  readonly online: boolean;
  start(events: TransportEvents): void;
  /** Publishes on the client's `/out` topic; resolves when the broker acknowledged it (QoS 1 PUBACK). */
  publish(payload: string): Promise<void>;
  close(): Promise<void>;
}
