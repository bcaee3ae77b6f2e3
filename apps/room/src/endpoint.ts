/** Where a player's datagrams come from and where the room sends its own. */
export interface Endpoint {
  readonly address: string;
  readonly port: number;
}

/**
 * One number for an IPv4 address and port (address * 2^16 + port, below 2^48: exact in a double), read from the
 * dotted text without allocating, so the per-datagram lookup builds no string. -1 for anything else (the room's
 * socket is IPv4 only).
 */
export function endpointId(address: string, port: number): number {
  let value = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < address.length; i++) {
    const c = address.charCodeAt(i);
    if (c === 46) {
      if (digits === 0 || dots === 3) return -1;
      value = value * 256 + part;
      part = 0;
      digits = 0;
      dots++;
    } else if (c >= 48 && c <= 57 && digits < 3) {
      part = part * 10 + (c - 48);
      digits++;
      if (part > 255) return -1;
    } else {
      return -1;
    }
  }
  if (dots !== 3 || digits === 0 || port < 0 || port > 0xffff) return -1;
  return (value * 256 + part) * 0x10000 + port;
}
