import { unlockBodySchema, codeParamsSchema } from '../share-requests.js';
import {
  createRequestBodySchema,
  createRequestResponseSchema,
  createSubmissionBodySchema,
  createSubmissionResponseSchema,
  pickupHeadersSchema,
  requestViewSchema,
  submissionListSchema,
  submissionParamsSchema,
  unlockRequestResponseSchema,
} from '../requests.js';
import { noContentSchema, problemResponses, type Endpoint } from './endpoint.js';

// Requests (docs/api.md#requests): the asker creates one and picks the submissions up;
// senders look it up and send to it. A request ends like a share (DELETE /api/shares/:code).

export const createRequestEndpoint = {
  method: 'POST',
  path: '/api/requests',
  body: createRequestBodySchema,
  responses: { 201: createRequestResponseSchema, ...problemResponses },
} as const satisfies Endpoint;

export const lookupRequestEndpoint = {
  method: 'GET',
  path: '/api/requests/:code',
  params: codeParamsSchema,
  responses: { 200: requestViewSchema, ...problemResponses },
} as const satisfies Endpoint;

export const unlockRequestEndpoint = {
  method: 'POST',
  path: '/api/requests/:code/unlock',
  params: codeParamsSchema,
  body: unlockBodySchema,
  responses: { 200: unlockRequestResponseSchema, ...problemResponses },
} as const satisfies Endpoint;

/** With `Authorization: Bearer {pickupToken}`: the complete submissions, oldest first. */
export const listSubmissionsEndpoint = {
  method: 'GET',
  path: '/api/requests/:code/submissions',
  params: codeParamsSchema,
  headers: pickupHeadersSchema,
  responses: { 200: submissionListSchema, ...problemResponses },
} as const satisfies Endpoint;

/** A text-only submission; one with files goes through POST /api/uploads. */
export const createSubmissionEndpoint = {
  method: 'POST',
  path: listSubmissionsEndpoint.path,
  params: codeParamsSchema,
  body: createSubmissionBodySchema,
  responses: { 201: createSubmissionResponseSchema, ...problemResponses },
} as const satisfies Endpoint;

/** With `Authorization: Bearer {pickupToken}`. */
export const deleteSubmissionEndpoint = {
  method: 'DELETE',
  path: '/api/requests/:code/submissions/:id',
  params: submissionParamsSchema,
  headers: pickupHeadersSchema,
  responses: { 204: noContentSchema, ...problemResponses },
} as const satisfies Endpoint;

/**
 * One submission's stored bytes (its files' streams back to back; `Range` for one file),
 * with `Authorization: Bearer {pickupToken}`.
 */
export const downloadSubmissionEndpoint = {
  method: 'GET',
  path: '/api/requests/:code/submissions/:id/blob',
  params: submissionParamsSchema,
  headers: pickupHeadersSchema,
} as const satisfies Endpoint;
