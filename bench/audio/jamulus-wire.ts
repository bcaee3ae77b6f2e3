/**
 * The few Jamulus protocol messages a load client needs, written from the protocol's published description
 * (jamulussoftware/jamulus docs/JAMULUS_PROTOCOL.md and the message table at the head of src/protocol.cpp): a frame is
 * a zero tag (2 bytes), the message id (2), a counter (1), the data length (2), the data, then a CRC-16 (polynomial
 * x^16 + x^12 + x^5 + 1, register starting all ones, sent inverted) over everything before it. Numbers are
 * little-endian. Messages with an id below 1000 are acknowledged by the receiver with the same counter.
 */

export const JAMULUS = {
  ACKN: 1,
  JITT_BUF_SIZE: 10,
  REQ_JITT_BUF_SIZE: 11,
  NETW_TRANSPORT_PROPS: 20,
  REQ_NETW_TRANSPORT_PROPS: 21,
  REQ_CHANNEL_INFOS: 23,
  CHANNEL_INFOS: 25,
  REQ_SPLIT_MESS_SUPPORT: 34,
  SPLIT_MESS_SUPPORTED: 35,
  CLM_DISCONNECTION: 1010,
} as const;

/** Codec ids of the transport properties: Opus at 128-sample frames, Opus at 64. */
export const JAMULUS_CODEC = { opus: 2, opus64: 3 } as const;

function crc16(bytes: Uint8Array): number {
  let reg = 0xffffffff;
  for (const byte of bytes) {
    for (let bit = 7; bit >= 0; bit--) {
      reg = (reg << 1) >>> 0;
      if (reg & 0x10000) reg |= 1;
      if (byte & (1 << bit)) reg ^= 1;
      if (reg & 1) reg ^= (1 << 5) | (1 << 12);
    }
  }
  return ~reg & 0xffff;
}

export function jamulusFrame(id: number, counter: number, data: Uint8Array = new Uint8Array(0)): Buffer {
  const out = Buffer.alloc(9 + data.length);
  out.writeUInt16LE(0, 0);
  out.writeUInt16LE(id, 2);
  out.writeUInt8(counter & 0xff, 4);
  out.writeUInt16LE(data.length, 5);
  out.set(data, 7);
  out.writeUInt16LE(crc16(out.subarray(0, 7 + data.length)), 7 + data.length);
  return out;
}

/** A protocol message (id, counter), or null for anything else (an audio packet). */
export function readJamulusFrame(msg: Buffer): { id: number; counter: number } | null {
  if (msg.length < 9 || msg[0] !== 0 || msg[1] !== 0) return null;
  const length = msg.readUInt16LE(5);
  if (length !== msg.length - 9) return null;
  if (crc16(msg.subarray(0, 7 + length)) !== msg.readUInt16LE(7 + length)) return null;
  return { id: msg.readUInt16LE(2), counter: msg.readUInt8(4) };
}

export const ackn = (id: number, counter: number): Buffer => {
  const data = Buffer.alloc(2);
  data.writeUInt16LE(id, 0);
  return jamulusFrame(JAMULUS.ACKN, counter, data);
};

/** Mono Opus frames of `bytes` bytes, no packet counter, at 48 kHz. */
export function transportProps(bytes: number, codec: number): Buffer {
  const d = Buffer.alloc(19);
  d.writeUInt32LE(bytes, 0);
  d.writeUInt16LE(1, 4);
  d.writeUInt8(1, 6);
  d.writeUInt32LE(48_000, 7);
  d.writeUInt16LE(codec, 11);
  d.writeUInt16LE(0, 13);
  d.writeUInt32LE(0, 15);
  return d;
}

export function channelInfo(name: string): Buffer {
  const n = Buffer.from(name, 'utf8');
  const d = Buffer.alloc(2 + 4 + 1 + 2 + n.length + 2);
  n.copy(d, 9);
  d.writeUInt16LE(n.length, 7);
  return d;
}

export function jitterBuffer(blocks: number): Buffer {
  const d = Buffer.alloc(2);
  d.writeUInt16LE(blocks, 0);
  return d;
}
