export type Env = Record<string, string | undefined>;

/**
 * Reads environment variables one at a time. A bad value never throws: it is noted in
 * `problems` and the default used instead, so the caller can name every bad variable at once.
 */
export function envReader(env: Env, problems: string[]) {
  /** The trimmed value; unset and empty are the same. */
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  /** A number for which `valid` holds; `expected` completes "NAME must be …". */
  const fraction = (
    name: string,
    fallback: number,
    valid: (value: number) => boolean,
    expected: string,
  ): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (Number.isFinite(value) && valid(value)) return value;
    problems.push(`${name} must be ${expected} (got "${raw}")`);
    return fallback;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = read(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['true', '1', 'yes'].includes(raw)) return true;
    if (['false', '0', 'no'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const raw = read(name);
    if (raw === undefined) return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
      return raw;
    } catch {
      problems.push(`${name} must be a ${protocols.join(' or ')} URL (got "${raw}")`);
      return null;
    }
  };
  const secret = (name: string): string | null => {
    const raw = read(name);
    if (raw === undefined) return null;
    if (raw.length < 32) problems.push(`${name} must be at least 32 characters long`);
    return raw;
  };
  return { read, int, fraction, bool, url, secret };
}
