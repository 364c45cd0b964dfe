import type { ErrorCode, FieldError, Problem } from '@codedrop/contract';
import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.js';
import { dependencyFailure } from './dependency-failure.js';
import { isOutOfSpace } from '../infra/disk/port.js';

const outOfSpaceDetail =
  'The server has run out of disk space, so this cannot be recorded right now. Please try again later.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer errors as one line of text/plain instead of problem+json. */
    plainText?: boolean;
  }
  interface FastifyInstance {
    /** Called for unknown GET paths outside /api (the web app's SPA fallback), if any. */
    spaFallback?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  }
}

const kebab = (code: string) => code.toLowerCase().replaceAll('_', '-');

export function problemOf(error: AppError, instance?: string): Problem & { instance?: string } {
  return {
    type: `urn:codedrop:problem:${kebab(error.code)}`,
    title: error.title,
    status: error.status,
    detail: error.detail,
    code: error.code,
    ...(instance === undefined ? {} : { instance }),
    ...(error.extras.errors ? { errors: error.extras.errors } : {}),
    ...(error.extras.retryAfterSeconds !== undefined
      ? { retryAfterSeconds: error.extras.retryAfterSeconds }
      : {}),
    ...(error.extras.attemptsLeft !== undefined ? { attemptsLeft: error.extras.attemptsLeft } : {}),
    ...(error.extras.kind !== undefined ? { kind: error.extras.kind } : {}),
  };
}

/** Every 503 says when to come back; a refusal that names no time suggests a few seconds. */
const defaultRetryAfterSeconds = 5;

export function sendProblem(reply: FastifyReply, error: AppError): FastifyReply {
  const retryAfter =
    error.extras.retryAfterSeconds ?? (error.status === 503 ? defaultRetryAfterSeconds : undefined);
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  // An oversized upload is cut off: the rest of the body is not worth reading.
  if (error.code === 'PAYLOAD_TOO_LARGE') reply.header('connection', 'close');
  reply.status(error.status);
  // The terminal routes (modules/terminal/terminal.routes.ts) answer curl in plain text, errors included.
  if (reply.request.routeOptions.config.plainText === true) {
    return reply.type('text/plain; charset=utf-8').send(`${error.detail}\n`);
  }
  return reply
    .type('application/problem+json; charset=utf-8')
    .serializer((payload) => JSON.stringify(payload))
    .send(problemOf(error, reply.request.url.split('?')[0]));
}

/** Framework and library errors mapped to the API's codes; anything else is INTERNAL. */
export function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: FieldError[] = error.validation.map((issue) => ({
      field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body',
      message: issue.message ?? 'Invalid value',
    }));
    const where = (error as FastifyError).validationContext;
    const first = errors[0];
    const detail =
      first === undefined
        ? 'The request is not valid'
        : where === 'body' || first.field === 'body'
          ? first.message
          : `${first.field}: ${first.message}`;
    return new AppError('VALIDATION_FAILED', detail, { errors });
  }
  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode ?? 500;
  const byStatus: Record<number, [ErrorCode, string]> = {
    400: ['VALIDATION_FAILED', describeBadRequest(fastifyError)],
    404: ['NOT_FOUND', 'No such resource'],
    405: ['METHOD_NOT_ALLOWED', 'This method is not allowed here'],
    413: ['PAYLOAD_TOO_LARGE', 'The request body is too large'],
    415: ['UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json'],
    431: ['HEADERS_TOO_LARGE', 'The request headers are too large'],
  };
  const mapped = byStatus[status];
  if (mapped !== undefined) return new AppError(mapped[0], mapped[1]);
  if (status >= 400 && status < 500)
    return new AppError('VALIDATION_FAILED', 'The request is not valid');
  return new AppError('INTERNAL');
}

function describeBadRequest(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty; send a JSON object';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The Content-Length header does not match the body';
    case 'FST_ERR_BAD_URL':
      return 'The path is not valid percent-encoded UTF-8';
    default:
      return error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? 'The request body is not valid JSON'
        : 'The request is not valid';
  }
}

/**
 * What the router itself refuses before any route runs (a path that is not valid
 * percent-encoding, a parameter past its length): a problem like every other refusal.
 */
export function frameworkErrorAnswer(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  return sendProblem(reply, toAppError(error));
}

/** How long a failing dependency stays quiet in the log after its warning. */
const incidentQuietMs = 60_000;

/**
 * One warning per incident, not a line (let alone a stack trace) per request: the first
 * failure of a kind is logged, then the kind stays quiet for a minute, after which the
 * next failure logs again with how many requests were refused meanwhile.
 */
function incidentLog() {
  const open = new Map<string, { loggedAt: number; refused: number }>();
  return (key: string, log: FastifyBaseLogger, fields: Record<string, unknown>) => {
    const now = Date.now();
    const incident = open.get(key);
    if (incident !== undefined && now - incident.loggedAt < incidentQuietMs) {
      incident.refused++;
      return;
    }
    const refusedSinceLastWarning = incident?.refused ?? 0;
    open.set(key, { loggedAt: now, refused: 0 });
    log.warn({ ...fields, refusedSinceLastWarning }, 'dependency unavailable: answering 503');
  };
}

async function errors(app: FastifyInstance) {
  const warnOnce = incidentLog();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let appError = toAppError(error);
    const failure = appError.code === 'INTERNAL' ? dependencyFailure(error) : null;
    if (failure !== null && isOutOfSpace(error)) {
      // Said as it is: nothing can be recorded until space is freed (docs/operations.md).
      app.diskRoom.noteFull();
      appError = new AppError('SERVICE_UNAVAILABLE', outOfSpaceDetail, { retryAfterSeconds: 60 });
      app.metrics.unavailable.inc({ dependency: 'disk' });
      warnOnce(`full:${failure.reason}`, app.log, { ...failure, dependency: 'disk' });
    } else if (failure !== null) {
      appError = new AppError('SERVICE_UNAVAILABLE', undefined, { retryAfterSeconds: 5 });
      app.metrics.unavailable.inc({ dependency: failure.dependency });
      warnOnce(`${failure.dependency}:${failure.reason}`, app.log, { ...failure });
    } else if (
      appError.code === 'SERVICE_UNAVAILABLE' ||
      appError.code === 'INSUFFICIENT_STORAGE'
    ) {
      // Refusals the service chose (code space full, store down, busy): expected, no stack.
      app.metrics.unavailable.inc({ dependency: 'other' });
      warnOnce(`refusal:${appError.detail}`, app.log, {
        code: appError.code,
        detail: appError.detail,
      });
    } else if (appError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else if (!(error instanceof AppError)) {
      request.log.info({ code: error.code, status: appError.status }, 'request rejected');
    }
    return sendProblem(reply, appError);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/');
    if (isPage && app.spaFallback !== undefined) return app.spaFallback(request, reply);
    return sendProblem(reply, new AppError('NOT_FOUND', `Nothing at ${request.method} ${path}`));
  });
}

export default fp(errors, { name: 'errors', dependencies: ['metrics'] });
