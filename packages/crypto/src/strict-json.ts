import { DecryptionError } from './errors.js';

// Shape checks for the request formats (public key, sealed private key, submission header and
// metadata): each accepts exactly its documented fields, as parseEnvelope does, so nothing
// unexpected is carried along or silently ignored.

export function malformed(message: string, cause?: unknown): DecryptionError {
  return new DecryptionError('malformed', message, cause === undefined ? undefined : { cause });
}

/** The value itself, or the value of its JSON text. */
export function jsonValue(value: unknown, what: string): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch (cause) {
    throw malformed(`${what} is not JSON`, cause);
  }
}

/** An object with exactly `required` and at most `optional` as its own fields. */
export function exactRecord(
  value: unknown,
  required: readonly string[],
  what: string,
  optional: readonly string[] = [],
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw malformed(`${what} must be an object`);
  }
  const allowed = new Set([...required, ...optional]);
  const fits =
    required.every((key) => Object.hasOwn(value, key)) &&
    Object.keys(value).every((key) => allowed.has(key));
  if (!fits) {
    const extra = optional.length > 0 ? `, optionally ${optional.join(', ')}` : '';
    throw malformed(`${what} must have exactly the fields ${required.join(', ')}${extra}`);
  }
  return value as Record<string, unknown>;
}

export function stringField(value: unknown, what: string): string {
  if (typeof value !== 'string') throw malformed(`${what} must be a string`);
  return value;
}
