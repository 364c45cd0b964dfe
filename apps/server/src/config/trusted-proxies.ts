import { isIP } from 'node:net';

/**
 * The narrowest prefix TRUST_PROXY may name per family. Every client whose socket address
 * is inside a trusted range may choose its own address with X-Forwarded-For, so a range
 * must hold proxies, not clients: at most a /8 of IPv4 (10.0.0.0/8), and at most a /32 of
 * IPv6 (one provider's whole allocation).
 */
const broadestPrefix = { 4: 8, 6: 32 } as const;

/** Why the TRUST_PROXY list of addresses and CIDR ranges cannot be used, or null. */
export function trustedProxiesProblem(list: string): string | null {
  for (const entry of list.split(',').map((part) => part.trim())) {
    const range = parseRange(entry);
    if (range === null) return `must list addresses or CIDR ranges ("${entry}" is neither)`;
    if (range.prefix < broadestPrefix[range.family] || ipv4PrefixOf(range) < broadestPrefix[4]) {
      return `must not trust ${entry}: a range broader than a /8 of IPv4 or a /32 of IPv6 lets the clients in it choose their address; name the proxies' addresses or their own network`;
    }
  }
  return null;
}

interface Range {
  family: 4 | 6;
  /** The address as 16-bit groups (IPv6 only). */
  groups: number[];
  prefix: number;
}

/** `address`, `address/prefix` or (IPv4) `address/netmask`, as proxy-addr reads them. */
function parseRange(entry: string): Range | null {
  const [address = '', mask, ...rest] = entry.split('/');
  const family = isIP(address);
  if ((family !== 4 && family !== 6) || rest.length > 0) return null;
  const bits = family === 4 ? 32 : 128;
  let prefix: number | null = bits;
  if (mask !== undefined) {
    prefix = /^\d{1,3}$/.test(mask)
      ? Number(mask)
      : family === 4 && isIP(mask) === 4
        ? netmaskPrefix(mask)
        : null;
  }
  if (prefix === null || prefix > bits) return null;
  return { family, groups: family === 6 ? ipv6Groups(address) : [], prefix };
}

/** The prefix length of a contiguous IPv4 netmask (255.0.0.0 → 8), else null. */
function netmaskPrefix(mask: string): number | null {
  const value = mask.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
  const binary = value.toString(2).padStart(32, '0');
  return /^1*0*$/.test(binary) ? binary.replace(/0+$/, '').length : null;
}

/**
 * How much of IPv4 an entry trusts, as a prefix length (33 = none). proxy-addr matches IPv4
 * clients against IPv6 ranges as IPv4-mapped addresses (::ffff:a.b.c.d), so ::/64 or
 * ::ffff:0:0/96 trust every IPv4 client.
 */
function ipv4PrefixOf(range: Range): number {
  if (range.family === 4) return range.prefix;
  const mapped = [0, 0, 0, 0, 0, 0xffff];
  const sharedBits = Math.min(range.prefix, 96);
  for (let bit = 0; bit < sharedBits; bit++) {
    const group = Math.floor(bit / 16);
    const mask = 0x8000 >> (bit % 16);
    if ((range.groups[group]! & mask) !== (mapped[group]! & mask)) return 33;
  }
  return Math.max(range.prefix - 96, 0);
}

/** An IPv6 address (already checked by isIP) as its eight 16-bit groups. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted !== null) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const before = parse(head);
  const after = tail === undefined ? [] : parse(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}
