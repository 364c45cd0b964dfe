import { z } from 'zod';
import { problemSchema } from '../problem.js';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/**
 * One endpoint of the API, declared once: the server registers its route from it and the
 * clients call it through it. `path` is in Fastify's syntax (`/api/shares/:code`). Schemas
 * are absent where the body is not JSON (multipart, tus, file bytes, plain text).
 *
 * Endpoints are plain object literals (`{…} as const satisfies Endpoint`), never built by a
 * function, and name their schemas without building any (no `.optional()` here): the web
 * bundler then drops the properties a page never reads, so a page that only calls an
 * endpoint builds none of its request schemas.
 */
export interface Endpoint {
  readonly method: HttpMethod | readonly HttpMethod[];
  readonly path: string;
  readonly params?: z.ZodType;
  readonly headers?: z.ZodType;
  /** The query string's parameters (only where a path cannot carry them). */
  readonly querystring?: z.ZodType;
  readonly body?: z.ZodType;
  /** The answer's schema for each status; `4XX` and `5XX` for the problems. */
  readonly responses?: { readonly [status: string]: z.ZodType };
}

/** The problem+json answers of every JSON endpoint (docs/api.md#errors). */
export const problemResponses = { '4XX': problemSchema, '5XX': problemSchema } as const;

/** The answer of a 204: no body, which a client reads as null. */
export const noContentSchema = z.literal(null);

type Segments<P extends string> = P extends `${infer Head}/${infer Rest}`
  ? Head | Segments<Rest>
  : P;
type ParamName<S extends string> = S extends `:${infer Name}(${string}`
  ? Name
  : S extends `:${infer Name}`
    ? Name
    : never;

/** The values a path's `:name` segments take: `{ code: string }` for `/api/shares/:code`. */
export type PathParams<P extends string> = { [K in ParamName<Segments<P>>]: string | number };

/** No argument for a path without parameters, the values of its parameters otherwise. */
export type PathArgs<P extends string> = keyof PathParams<P> extends never
  ? [params?: Record<string, never>]
  : [params: PathParams<P>];

/** A `:name` segment, with the regular expression Fastify allows after it. */
const paramPattern = /:(\w+)(\([^)]*\))?/g;

/** The endpoint's path with its parameters filled in, each encoded as one URL segment. */
export function pathTo<E extends Endpoint>(endpoint: E, ...[params]: PathArgs<E['path']>): string {
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  return endpoint.path.replace(paramPattern, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new TypeError(`${endpoint.path} needs a value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
