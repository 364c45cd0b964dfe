import { createFileResponseSchema, downloadResponseSchema } from '../share-answers.js';
import { codeParamsSchema, downloadBodySchema } from '../share-requests.js';
import { problemResponses, type Endpoint } from './endpoint.js';

// File shares: the multipart upload, the resumable (tus 1.0) upload, the counted download
// and the signed download URL it hands out.

/** multipart/form-data: the share's fields, then one `file` part per file. */
export const uploadFilesEndpoint = {
  method: 'POST',
  path: '/api/files',
  responses: { 201: createFileResponseSchema, ...problemResponses },
} as const satisfies Endpoint;

/** Takes one download: a URL per file, valid for a few minutes. */
export const takeDownloadEndpoint = {
  method: 'POST',
  path: '/api/shares/:code/downloads',
  params: codeParamsSchema,
  body: downloadBodySchema,
  responses: { 200: downloadResponseSchema, ...problemResponses },
} as const satisfies Endpoint;

/** A file's bytes (Range requests too), behind the signed token a download handed out. */
export const downloadBlobEndpoint = {
  method: 'GET',
  path: '/api/blobs/:token',
} as const satisfies Endpoint;

/** tus creation: Upload-Length and Upload-Metadata in, the share answered at once. */
export const createUploadEndpoint = {
  method: 'POST',
  path: '/api/uploads',
  responses: { 201: createFileResponseSchema, ...problemResponses },
} as const satisfies Endpoint;

/** tus on one upload: where it stands (HEAD), a chunk (PATCH), giving up (DELETE). */
export const continueUploadEndpoint = {
  method: ['HEAD', 'PATCH', 'DELETE'],
  path: '/api/uploads/:id',
} as const satisfies Endpoint;

/** tus's OPTIONS (what the server supports), on both of the upload paths. */
export const uploadsOptionsEndpoint = {
  method: 'OPTIONS',
  path: createUploadEndpoint.path,
} as const satisfies Endpoint;

export const uploadOptionsEndpoint = {
  method: 'OPTIONS',
  path: continueUploadEndpoint.path,
} as const satisfies Endpoint;
