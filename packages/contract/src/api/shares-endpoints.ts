import { reportBodySchema, reportResponseSchema } from '../moderation.js';
import { recoveryBodySchema, recoveryResponseSchema } from '../recovery.js';
import {
  createShareResponseSchema,
  readResponseSchema,
  unlockResponseSchema,
} from '../share-answers.js';
import {
  codeParamsSchema,
  createShareBodySchema,
  deleteShareHeadersSchema,
  unlockBodySchema,
} from '../share-requests.js';
import { noContentSchema, problemResponses, type Endpoint } from './endpoint.js';
import { lookupShareEndpoint } from './lookup-endpoints.js';

// What a share's sender and reader do besides the lookup: create, read once, unlock,
// delete, report; and password recovery.

export const createShareEndpoint = {
  method: 'POST',
  path: '/api/shares',
  body: createShareBodySchema,
  responses: { 201: createShareResponseSchema, ...problemResponses },
} as const satisfies Endpoint;

export const readShareEndpoint = {
  method: 'POST',
  path: '/api/shares/:code/read',
  params: codeParamsSchema,
  responses: { 200: readResponseSchema, ...problemResponses },
} as const satisfies Endpoint;

export const unlockShareEndpoint = {
  method: 'POST',
  path: '/api/shares/:code/unlock',
  params: codeParamsSchema,
  body: unlockBodySchema,
  responses: { 200: unlockResponseSchema, ...problemResponses },
} as const satisfies Endpoint;

/** With `Authorization: Bearer {deleteToken}`, the token the creation answered. */
export const deleteShareEndpoint = {
  method: 'DELETE',
  path: lookupShareEndpoint.path,
  params: codeParamsSchema,
  headers: deleteShareHeadersSchema,
  responses: { 204: noContentSchema, ...problemResponses },
} as const satisfies Endpoint;

export const recoverPasswordEndpoint = {
  method: 'POST',
  path: '/api/recovery',
  body: recoveryBodySchema,
  responses: { 200: recoveryResponseSchema, ...problemResponses },
} as const satisfies Endpoint;

/** Answers the same thanks for every code, so it cannot test whether a share exists. */
export const reportShareEndpoint = {
  method: 'POST',
  path: '/api/shares/:code/reports',
  params: codeParamsSchema,
  body: reportBodySchema,
  responses: { 202: reportResponseSchema, ...problemResponses },
} as const satisfies Endpoint;

/**
 * `text/event-stream` of `state` events (ShareState) for the share's creator only:
 * `Authorization: Bearer {deleteToken}`. Ends after a state that is no longer `live` or
 * `uploading`.
 */
export const shareEventsEndpoint = {
  method: 'GET',
  path: '/api/shares/:code/events',
  params: codeParamsSchema,
  headers: deleteShareHeadersSchema,
} as const satisfies Endpoint;
