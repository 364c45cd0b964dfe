import { z, type ZodType } from 'zod';

export type Env = Record<string, string | undefined>;

/**
 * One kind of variable: a zod schema from the raw value (trimmed; unset and empty are the
 * same) to its typed value, whose issue message completes "NAME must be …". A variable that
 * is unset takes its default; one that is set and bad is reported and takes it too, so
 * every bad variable can be named at once.
 */
export type Kind<T> = { schema: ZodType<T, string>; fallback: T };

/**
 * A variable as declared: its kind and the README's words for it (README.md#configuration,
 * held to them by test/config-readme.test.ts).
 */
export type Variable<T> = Kind<T> & {
  /** The table's "meaning" cell. */
  doc: string;
  /** The table's "default" cell, where the default is not written as its literal value. */
  defaultDoc?: string;
};

export type Variables = Record<string, Variable<unknown>>;

/** The typed value of each variable, as its kind parses it. */
export type Values<V extends Variables> = { [K in keyof V]: V[K]['fallback'] };

const refuse = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

export const int = (fallback: number, min: number, max: number): Kind<number> => ({
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
): Kind<number> => ({
  fallback,
  schema: z.string().transform((raw, ctx) => {
    const value = Number(raw);
    return Number.isFinite(value) && valid(value)
      ? value
      : refuse(ctx, `must be ${expected} (got "${raw}")`);
  }),
});

export const bool = (fallback: boolean): Kind<boolean> => ({
  fallback,
  schema: z.string().transform((raw, ctx) => {
    const lower = raw.toLowerCase();
    if (['true', '1', 'yes'].includes(lower)) return true;
    if (['false', '0', 'no'].includes(lower)) return false;
    return refuse(ctx, `must be true or false (got "${lower}")`);
  }),
});

export const url = (protocols: string[]): Kind<string | null> => ({
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

export const secret = (): Kind<string | null> => ({
  fallback: null,
  schema: z.string().min(32, 'must be at least 32 characters long'),
});

export const text = <T extends string | null>(fallback: T): Kind<string | T> => ({
  fallback,
  schema: z.string(),
});

export const oneOf = <const T extends readonly [string, ...string[]]>(
  choices: T,
  fallback: T[number],
): Kind<T[number]> => ({
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

/** Any schema; unset, the variable is null. */
export const optional = <T>(schema: ZodType<T, string>): Kind<T | null> => ({
  fallback: null,
  schema,
});

/** Any schema, with the value it takes when unset. */
export const parsed = <T>(schema: ZodType<T, string>, fallback: NoInfer<T>): Kind<T> => ({
  fallback,
  schema,
});

/**
 * Reads `variables` from `env`: each value parsed by its schema, or its default when unset;
 * every bad one is noted in `problems` ("NAME must be …") and takes its default.
 */
export function readEnv<V extends Variables>(
  env: Env,
  variables: V,
  problems: string[],
): Values<V> {
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
  return values as Values<V>;
}

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Lowercase<Head>}${Capitalize<CamelCase<Tail>>}`
  : Lowercase<S>;

/** Each value under its variable's name in camelCase: MAX_FILE_BYTES → maxFileBytes. */
export type CamelCased<T> = { [K in keyof T & string as CamelCase<K>]: T[K] };

export function camelCased<T extends Record<string, unknown>>(values: T): CamelCased<T> {
  const entries = Object.entries(values).map(([name, value]) => [
    name.toLowerCase().replace(/_([a-z0-9])/g, (_, next: string) => next.toUpperCase()),
    value,
  ]);
  return Object.fromEntries(entries) as CamelCased<T>;
}
