import { codeParamsSchema } from '../share-requests.js';
import {
  createRoomBodySchema,
  createRoomResponseSchema,
  roomEditBodySchema,
  roomEditResponseSchema,
  roomEventsQuerySchema,
  roomHeadersSchema,
  roomViewSchema,
  unlockRoomBodySchema,
  unlockRoomResponseSchema,
} from '../rooms.js';
import { problemResponses, type Endpoint } from './endpoint.js';

// Live rooms (docs/api.md#live-rooms). A room ends like a share (DELETE /api/shares/:code).

export const createRoomEndpoint = {
  method: 'POST',
  path: '/api/rooms',
  body: createRoomBodySchema,
  responses: { 201: createRoomResponseSchema, ...problemResponses },
} as const satisfies Endpoint;

export const lookupRoomEndpoint = {
  method: 'GET',
  path: '/api/rooms/:code',
  params: codeParamsSchema,
  responses: { 200: roomViewSchema, ...problemResponses },
} as const satisfies Endpoint;

export const unlockRoomEndpoint = {
  method: 'POST',
  path: '/api/rooms/:code/unlock',
  params: codeParamsSchema,
  body: unlockRoomBodySchema,
  responses: { 200: unlockRoomResponseSchema, ...problemResponses },
} as const satisfies Endpoint;

/**
 * `text/event-stream`: the text now (or, with `Last-Event-ID`, only if newer), then every
 * edit, the device count and the end. `Authorization: Bearer {roomToken}` when encrypted.
 */
export const roomEventsEndpoint = {
  method: 'GET',
  path: '/api/rooms/:code/events',
  params: codeParamsSchema,
  headers: roomHeadersSchema,
  querystring: roomEventsQuerySchema,
} as const satisfies Endpoint;

export const editRoomEndpoint = {
  method: 'POST',
  path: '/api/rooms/:code/edits',
  params: codeParamsSchema,
  headers: roomHeadersSchema,
  body: roomEditBodySchema,
  responses: { 200: roomEditResponseSchema, ...problemResponses },
} as const satisfies Endpoint;
