import { configDefaults, type PublicConfig } from '@codedrop/contract';

/**
 * Whether `value` has the shape of `like`: the same keys with values of the same kind
 * (numbers, strings, arrays of numbers, nested objects), where a null default also
 * accepts a string.
 */
function sameShape(value: unknown, like: unknown): boolean {
  if (like === null) return value === null || typeof value === 'string';
  if (Array.isArray(like)) {
    return Array.isArray(value) && value.every((item) => typeof item === typeof like[0]);
  }
  if (typeof like === 'object') {
    if (typeof value !== 'object' || value === null) return false;
    return Object.entries(like).every(([key, inner]) =>
      sameShape((value as Record<string, unknown>)[key], inner),
    );
  }
  return typeof value === typeof like && (typeof value !== 'number' || Number.isFinite(value));
}

/**
 * The answer of GET /api/config, checked against the shape of the contract's defaults
 * rather than by its zod schema: every page asks for it right after the first render, and
 * the first visit should not load zod for it.
 */
export function isPublicConfig(value: unknown): value is PublicConfig {
  return sameShape(value, configDefaults);
}
