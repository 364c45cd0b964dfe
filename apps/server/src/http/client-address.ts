import { isIPv4, isIPv6 } from 'node:net';

/**
 * Who a request counts as (docs/design.md#client-addresses). One IPv6 subscriber holds a
 * whole /64 (often a /56 or /48) and may use any address in it, so limits count an IPv6
 * client by a prefix of its address; an IPv4 client by its address. An IPv4-mapped IPv6
 * address (`::ffff:192.0.2.1`, how a dual-stack socket shows an IPv4 peer) is the IPv4
 * address it carries.
 */
export function clientGroup(address: string, ipv6Prefix: number): string {
  const parsed = parseAddress(address);
  if (parsed === null) return address;
  if (parsed.v4 !== null) return parsed.v4;
  return `${masked(parsed.bytes, ipv6Prefix)}/${ipv6Prefix}`;
}

/**
 * The network an address belongs to, for telling independent reporters apart: its /24
 * for IPv4 and its /48 for IPv6, the blocks a single customer or site is usually given.
 */
export function clientNetwork(address: string): string {
  const parsed = parseAddress(address);
  if (parsed === null) return address;
  if (parsed.v4 !== null) return `${parsed.v4.split('.').slice(0, 3).join('.')}.0/24`;
  return `${masked(parsed.bytes, 48)}/48`;
}

interface Parsed {
  /** The IPv4 address, dotted, for IPv4 and IPv4-mapped IPv6 addresses. */
  v4: string | null;
  bytes: Uint8Array;
}

function parseAddress(raw: string): Parsed | null {
  // A zone (fe80::1%eth0) names the interface, not the peer.
  const address = raw.split('%')[0]!;
  if (isIPv4(address)) return { v4: address, bytes: new Uint8Array(0) };
  if (!isIPv6(address)) return null;
  const bytes = ipv6Bytes(address);
  const mapped = bytes.subarray(0, 12).every((byte, i) => byte === (i < 10 ? 0 : 0xff));
  return { v4: mapped ? bytes.subarray(12).join('.') : null, bytes };
}

/** The 16 bytes of a valid IPv6 address (`::` expanded, a dotted IPv4 tail read). */
function ipv6Bytes(address: string): Uint8Array {
  const hex = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_all, a, b, c, d) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)]
      .map((word) => word.toString(16))
      .join(':'),
  );
  const [head, tail] = hex.split('::');
  const words = (part: string | undefined) =>
    part === undefined || part === '' ? [] : part.split(':').map((word) => parseInt(word, 16));
  const before = words(head);
  const after = words(tail);
  const zeros = new Array<number>(8 - before.length - after.length).fill(0);
  const bytes = new Uint8Array(16);
  [...before, ...zeros, ...after].forEach((word, i) => {
    bytes[2 * i] = word >> 8;
    bytes[2 * i + 1] = word & 0xff;
  });
  return bytes;
}

/** The first `prefix` bits of an IPv6 address, written as its eight groups. */
function masked(bytes: Uint8Array, prefix: number): string {
  const kept = bytes.map((byte, i) => {
    const bits = Math.min(8, Math.max(0, prefix - 8 * i));
    return byte & ((0xff << (8 - bits)) & 0xff);
  });
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((kept[i]! << 8) | kept[i + 1]!).toString(16));
  return groups.join(':');
}
