// Shared by the request tests: key pairs in their wire form, byte flips in base64 fields and
// the outcome of an attempt, reduced to what a caller branches on.
import { fromBase64, isDecryptionError, toBase64, type RequestCurve } from '../../src/index.js';
import { generateRequestKeyPair, type RequestKeyPair } from '../../src/request-keys.js';
import { exportRequestPublicKey, type RequestPublicKey } from '../../src/request-public-key.js';

/** The lowest work factor readers accept, so that each PBKDF2 run stays short. */
export const TEST_ITER = 100_000;

export interface TestRequestKey extends RequestKeyPair {
  wire: RequestPublicKey;
}

export async function requestKey(curve: RequestCurve): Promise<TestRequestKey> {
  const pair = await generateRequestKeyPair(curve);
  return { ...pair, wire: await exportRequestPublicKey(curve, pair.publicKey) };
}

/** The base64 text with one bit flipped in byte `index` (negative counts from the end). */
export function flipped(text: string, index: number, bit = 0x01): string {
  const bytes = fromBase64(text);
  bytes[index < 0 ? bytes.length + index : index]! ^= bit;
  return toBase64(bytes);
}

/** `'ok'`, the DecryptionError's code, or the name of any other error. */
export async function outcome(attempt: () => Promise<unknown>): Promise<string> {
  try {
    await attempt();
    return 'ok';
  } catch (error) {
    return isDecryptionError(error) ? error.code : (error as Error).name;
  }
}

/** Runs every attempt, so that one comparison shows all the outcomes that differ. */
export async function outcomes(
  attempts: Record<string, () => Promise<unknown>>,
): Promise<Record<string, string>> {
  const results: Record<string, string> = {};
  for (const [name, attempt] of Object.entries(attempts)) results[name] = await outcome(attempt);
  return results;
}
