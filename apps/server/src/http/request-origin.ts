import type { FastifyRequest } from 'fastify';

/**
 * The origin links are made with: PUBLIC_URL, or without it the origin the request came
 * to. Only a well-formed host goes into a link; anything odd falls back to a neutral one.
 */
export function requestOrigin(request: FastifyRequest, publicUrl: string | null): string {
  if (publicUrl !== null) return publicUrl;
  const host = /^[a-z0-9.-]+(:\d+)?$|^\[[0-9a-f:.]+\](:\d+)?$/i.test(request.host)
    ? request.host
    : 'localhost';
  return `${request.protocol}://${host}`;
}
