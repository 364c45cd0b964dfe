import type { Endpoint } from '@codedrop/contract';
import type {
  FastifyInstance,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** What a route adds to its endpoint's schema: how the OpenAPI document shows it. */
export interface RouteDocs {
  summary?: string;
  /** Left out of the document (file bytes, plain text, metrics). */
  hide?: boolean;
  consumes?: string[];
}

/** The Fastify schema of an endpoint: its params, headers, body and answers, as declared. */
type SchemaOf<E extends Endpoint> = RouteDocs & {
  params: E['params'];
  headers: E['headers'];
  querystring: E['querystring'];
  body: E['body'];
  response: E['responses'];
};

/** The path's parameters as strings, for an endpoint that declares no schema for them. */
type PathGeneric<E extends Endpoint> = E extends { readonly params: object }
  ? RouteGenericInterface
  : { Params: Record<PathParamName<E['path']>, string> };
type PathParamName<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? NameOnly<Name> | PathParamName<`/${Tail}`>
    : NameOnly<Rest>
  : never;
type NameOnly<S extends string> = S extends `${infer Name}(${string}` ? Name : S;

type Server = RawServerDefault;
type Request = RawRequestDefaultExpression<Server>;
type Reply = RawReplyDefaultExpression<Server>;

export type RouteOptions<E extends Endpoint, G extends RouteGenericInterface> = Omit<
  RouteShorthandOptions<Server, Request, Reply, G, unknown, SchemaOf<E>, ZodTypeProvider>,
  'schema'
> & { schema?: RouteDocs };

export type RouteHandler<E extends Endpoint, G extends RouteGenericInterface> = RouteHandlerMethod<
  Server,
  Request,
  Reply,
  G,
  unknown,
  SchemaOf<E>,
  ZodTypeProvider
>;

/**
 * Registers the route of `endpoint` (packages/contract): its method, path and schemas come
 * from the endpoint, so each path is written once; `options` add the route's own settings
 * (bodyLimit, config, hooks) and its words for the OpenAPI document.
 */
export function route<E extends Endpoint, G extends RouteGenericInterface = PathGeneric<E>>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions<E, G>,
  handler: RouteHandler<E, G>,
): void {
  const { schema: docs, ...settings } = options;
  const schema = { ...schemaOf(endpoint), ...docs };
  app.withTypeProvider<ZodTypeProvider>().route({
    ...(settings as object),
    method: endpoint.method as HTTPMethods | HTTPMethods[],
    url: endpoint.path,
    ...(Object.keys(schema).length > 0 ? { schema } : {}),
    handler: handler as RouteHandlerMethod,
  });
}

/** The schemas the endpoint declares, without the keys it leaves out. */
function schemaOf(endpoint: Endpoint): Record<string, unknown> {
  const schema: Record<string, unknown> = {
    params: endpoint.params,
    headers: endpoint.headers,
    querystring: endpoint.querystring,
    body: endpoint.body,
    response: endpoint.responses,
  };
  for (const key of Object.keys(schema)) if (schema[key] === undefined) delete schema[key];
  return schema;
}
