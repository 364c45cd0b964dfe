import { z, type ZodType } from 'zod';

export type Env = Record<string, string | undefined>;

/**
 * One kind of variable: a zod schema from the raw value (trimmed; unset and empty are the
 * same) to its typed value, whose issue message completes "NAME must be …". A variable that
 * is unset takes its default; one that is set and bad is reported and takes it too, so
 * every bad variable can be named at once.
 */
export type Variable<T> = { schema: ZodType<T, string>; fallback: T };

const refuse = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

export const int = (fallback: number, min: number, max: number): Variable<number> => ({
  fallback,
  schema: z.string().transform((raw, ctx) => {
    const value = Number(raw);
    const ok = /^-?\d+$/.test(raw) && Number.isSafeInteger(value) && value >= min && value <= max;
    return ok ? value : refuse(ctx, `must be a whole number from ${min} to ${max} (got "${raw}")`);
  }),
});

/** A number for which `valid` holds; `expected` completes "NAME must be …". */
export const fraction = (
  fallback: number,
  valid: (value: number) => boolean,
  expected: string,
): Variable<number> => ({
  fallback,
  schema: z.string().transform((raw, ctx) => {
    const value = Number(raw);
    return Number.isFinite(value) && valid(value)
      ? value
      : refuse(ctx, `must be ${expected} (got "${raw}")`);
  }),
});

export const bool = (fallback: boolean): Variable<boolean> => ({
  fallback,
  schema: z.string().transform((raw, ctx) => {
    const lower = raw.toLowerCase();
    if (['true', '1', 'yes'].includes(lower)) return true;
    if (['false', '0', 'no'].includes(lower)) return false;
    return refuse(ctx, `must be true or false (got "${lower}")`);
  }),
});

export const url = (protocols: string[]): Variable<string | null> => ({
  fallback: null,
  schema: z.string().transform((raw, ctx) => {
    try {
      if (protocols.includes(new URL(raw).protocol)) return raw;
    } catch {
      // Not a URL at all: the same answer as a URL of the wrong kind.
    }
    return refuse(ctx, `must be a ${protocols.join(' or ')} URL (got "${raw}")`);
  }),
});

export const secret = (): Variable<string | null> => ({
  fallback: null,
  schema: z.string().min(32, 'must be at least 32 characters long'),
});

export const text = <T extends string | null>(fallback: T): Variable<string | T> => ({
  fallback,
  schema: z.string(),
});

export const oneOf = <const T extends readonly [string, ...string[]]>(
  choices: T,
  fallback: T[number],
): Variable<T[number]> => ({
  fallback,
  schema: z
    .string()
    .transform((raw, ctx) =>
      (choices as readonly string[]).includes(raw)
        ? (raw as T[number])
        : refuse(
            ctx,
            choices.length === 2
              ? `must be "${choices[0]}" or "${choices[1]}" (got "${raw}")`
              : `must be one of ${choices.join(', ')} (got "${raw}")`,
          ),
    ),
});

/**
 * Reads `variables` from `env`: each value parsed by its schema, or its default when unset;
 * every bad one is noted in `problems` ("NAME must be …") and takes its default.
 */
export function readEnv<V extends Record<string, Variable<unknown>>>(
  env: Env,
  variables: V,
  problems: string[],
): { [K in keyof V]: V[K]['fallback'] } {
  const values: Record<string, unknown> = {};
  for (const [name, { schema, fallback }] of Object.entries(variables)) {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') {
      values[name] = fallback;
      continue;
    }
    const parsed = schema.safeParse(raw);
    if (parsed.success) values[name] = parsed.data;
    else {
      problems.push(`${name} ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
      values[name] = fallback;
    }
  }
  return values as { [K in keyof V]: V[K]['fallback'] };
}
