import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the routes' zod schemas, never written by hand. */
async function openapi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'CodeDrop API',
        description:
          'Anonymous temporary sharing of text, notes and files behind a short numeric code. Errors are RFC 9457 application/problem+json.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
}

export default fp(openapi, { name: 'openapi' });
