import { publicConfigSchema } from '../config.js';
import { healthSchema } from '../health.js';
import type { Endpoint } from './endpoint.js';

// The server's own: its limits, health, metrics and API document. Every page reads the
// config's path on its first load, so this file only names schemas and never builds one.

export const getConfigEndpoint = {
  method: 'GET',
  path: '/api/config',
  responses: { 200: publicConfigSchema },
} as const satisfies Endpoint;

/** 200 when every dependency can serve requests, else 503 naming the one that cannot. */
export const healthEndpoint = {
  method: 'GET',
  path: '/healthz',
  responses: { 200: healthSchema, 503: healthSchema },
} as const satisfies Endpoint;

/** For a load balancer: the same checks as the health endpoint. */
export const readyEndpoint = {
  method: 'GET',
  path: '/readyz',
  responses: { 200: healthSchema, 503: healthSchema },
} as const satisfies Endpoint;

/** 200 while the process answers at all. */
export const liveEndpoint = {
  method: 'GET',
  path: '/livez',
  responses: { 200: healthSchema },
} as const satisfies Endpoint;

/** Prometheus text, for a bearer token or a loopback client. */
export const metricsEndpoint = {
  method: 'GET',
  path: '/metrics',
} as const satisfies Endpoint;

/** The OpenAPI document, generated from these endpoints. */
export const openapiEndpoint = {
  method: 'GET',
  path: '/api/openapi.json',
} as const satisfies Endpoint;
