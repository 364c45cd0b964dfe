import { createHmac, hkdfSync } from 'node:crypto';

/**
 * A keyed hash of a client address: reporters and console sign-ins are told apart and
 * counted by it, and no address is ever stored. The key is derived from URL_SIGNING_KEY,
 * which every instance sharing a database already has, so all of them hash alike; without
 * the key, the hash of an IPv4 address cannot be found by trying all four billion.
 */
export function addressHasher(urlSigningKey: Buffer | string): (address: string) => string {
  const key = Buffer.from(
    hkdfSync('sha256', urlSigningKey, Buffer.alloc(0), 'codedrop address hash v1', 32),
  );
  return (address) => createHmac('sha256', key).update(address, 'utf8').digest('base64url');
}
