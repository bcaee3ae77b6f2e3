import { isIP } from 'node:net';
import { ConfigError } from '../config-error.ts';

/** false: the socket's peer is the client; true: trust every hop; n: trust the n nearest hops; a list: trust those
 *  addresses and CIDR ranges (proxy-addr's names loopback, linklocal and uniquelocal too). */
export type TrustProxy = boolean | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export function parseTrustProxy(value: string): TrustProxy {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!(PROXY_NAMES.has(entry) || (family !== 0 && bitsOk && rest.length === 0))) {
      throw new ConfigError(
        `Invalid environment: TRUST_PROXY: "${entry}" is not true, false, a hop count, an address or a CIDR range`,
      );
    }
  }
  return entries;
}
