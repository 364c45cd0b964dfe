import { describe, expect, it } from 'vitest';
import {
  pickupBearer,
  pickupTokenKey,
  signPickupToken,
  verifyPickupToken,
} from '../../src/modules/requests/pickup-token.js';

describe('pickup tokens', () => {
  const key = pickupTokenKey('a signing key of at least thirty-two bytes');
  const grant = { code: '4821', created: 1_790_000_000_123, exp: 1_790_086_400 };
  const token = signPickupToken(key, grant);

  it('opens what it was signed for, until it expires', () => {
    expect(verifyPickupToken(key, token, grant.exp - 1)).toEqual(grant);
    expect(verifyPickupToken(key, token, grant.exp)).toBeNull();
  });

  it('refuses a token signed with another key, or altered in any part', () => {
    const other = pickupTokenKey('another signing key of thirty-two bytes');
    expect(verifyPickupToken(other, token, 0)).toBeNull();
    const [body, mac] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...grant, code: '4822' })).toString('base64url');
    for (const altered of [`${forged}.${mac}`, `${body}.${mac.slice(1)}`, `${body}.`, body, '']) {
      expect(verifyPickupToken(key, altered, 0)).toBeNull();
    }
  });

  it('is another key than the URL signing key itself', () => {
    expect(key.equals(Buffer.from('a signing key of at least thirty-two bytes'))).toBe(false);
  });

  it('reads the token of a bearer header only', () => {
    expect(pickupBearer(`Bearer ${token}`)).toBe(token);
    expect(pickupBearer(token)).toBeNull();
    expect(pickupBearer(undefined)).toBeNull();
    expect(pickupBearer(`Bearer ${token} extra`)).toBeNull();
  });
});
