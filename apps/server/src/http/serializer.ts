import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

type Serialize = (data: unknown) => string;
const compiled = new WeakMap<object, Serialize>();

/**
 * Response bodies are written by fast-json-stringify (what Fastify uses for JSON Schema)
 * from the contract's zod schemas turned into JSON Schema once, instead of by zod at run
 * time: about seven times cheaper per response. Only the schema's own properties are
 * written, as zod's parse did, so nothing undeclared can leave. A schema JSON Schema
 * cannot express falls back to zod.
 */
export const serializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  const schema = route.schema;
  let serialize = compiled.get(schema);
  if (serialize === undefined) {
    serialize = stringifier(schema) ?? (zodSerializerCompiler(route) as Serialize);
    compiled.set(schema, serialize);
  }
  return serialize;
};

function stringifier(schema: ZodType): Serialize | null {
  if (schema instanceof z.ZodDiscriminatedUnion) return byDiscriminator(schema);
  try {
    const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
    return fastJsonStringify(json as Parameters<typeof fastJsonStringify>[0]) as Serialize;
  } catch {
    return null;
  }
}

/**
 * A union told apart by one property (a share's view by its `type`): each option written
 * by its own serializer, picked by that property. fast-json-stringify would check the body
 * against the options one by one (and its closed objects would refuse any other property).
 */
function byDiscriminator(schema: z.ZodDiscriminatedUnion): Serialize | null {
  const key = schema.def.discriminator;
  const options = new Map<unknown, Serialize>();
  for (const option of schema.options) {
    const tag = (option as z.ZodObject).shape?.[key];
    const serialize = stringifier(option as ZodType);
    if (!(tag instanceof z.ZodLiteral) || serialize === null) return null;
    for (const value of tag.values) options.set(value, serialize);
  }
  return (data) => {
    const value = (data as Record<string, unknown> | null)?.[key];
    const serialize = options.get(value);
    if (serialize === undefined)
      throw new TypeError(`No option of the union has ${key} ${String(value)}`);
    return serialize(data);
  };
}
