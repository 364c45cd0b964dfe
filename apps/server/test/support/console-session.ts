import { expect } from 'vitest';
import { hashPassword } from '../../src/modules/moderation/admin-password.js';
import { http } from './app.js';

export const consolePassword = 'a long console password';
// The lowest cost the server accepts, so each sign-in takes milliseconds in the tests.
export const consolePasswordHash = await hashPassword(consolePassword, { logN: 14, r: 8, p: 1 });

/** A visitor at `address`, through the proxy the server trusts (TRUST_PROXY=127.0.0.1). */
export const from = (address: string) => ({ 'x-forwarded-for': address });

let signIns = 0;

/** A signed-in console on `base`: reads with its cookie, changes with its CSRF token too. */
export async function consoleSession(base: string) {
  // Each from its own address: every attempt counts against the sign-in limit.
  const signIn = await http<{ csrfToken: string }>(base, '/api/admin/session', {
    method: 'POST',
    json: { password: consolePassword },
    headers: from(`192.0.2.${100 + (signIns++ % 100)}`),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const csrf = signIn.body.csrfToken;
  return {
    setCookie: signIn.headers.get('set-cookie')!,
    get: <T = Record<string, unknown>>(path: string) =>
      http<T>(base, path, { headers: { cookie } }),
    change: <T = Record<string, unknown>>(method: string, path: string, token = csrf) =>
      http<T>(base, path, { method, headers: { cookie, 'codedrop-csrf': token } }),
  };
}
