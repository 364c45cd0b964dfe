import { publicConfigSchema, type PublicConfig } from '@codedrop/contract';
import { CliError, UsageError } from '../cli-errors.js';
import { apiErrorFrom, networkError } from './problem.js';

/** Anything with zod's `parse`: the contract's schemas check every answer. */
export interface Parser<T> {
  parse(value: unknown): T;
}

export const defaultServer = 'http://localhost:3000';

/** The server's origin (and path, if it has one) without a trailing slash. */
export function normalizeServer(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`the server must be a URL such as ${defaultServer}, not "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`the server URL must start with http:// or https://, not "${raw}"`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** Requests to one CodeDrop server; every failure becomes a CliError with the API's words. */
export class ApiClient {
  readonly server: string;

  constructor(server: string) {
    this.server = normalizeServer(server);
  }

  /** The page a recipient opens: what the web app's result card links to. */
  link(code: string): string {
    return `${this.server}/${code}`;
  }

  /** Download URLs may be relative to the server (`/api/blobs/…`) or absolute (S3). */
  resolve(url: string): string {
    return new URL(url, `${this.server}/`).href;
  }

  /** Any request; answers that are not 2xx throw the API's problem as an ApiError. */
  async send(url: string, init: RequestInit = {}): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      throw networkError(this.server, error);
    }
    if (!response.ok) throw await apiErrorFrom(response);
    return response;
  }

  /** A JSON request to an API path, its answer checked against the contract. */
  async json<T>(method: string, path: string, parser: Parser<T>, body?: unknown): Promise<T> {
    const init: RequestInit = { method, headers: { accept: 'application/json' } };
    if (body !== undefined) {
      init.headers = { ...init.headers, 'content-type': 'application/json' };
      init.body = JSON.stringify(body);
    }
    const response = await this.send(`${this.server}${path}`, init);
    return parseAnswer(response, parser, this.server);
  }

  config(): Promise<PublicConfig> {
    return this.json('GET', '/api/config', publicConfigSchema);
  }
}

export async function parseAnswer<T>(
  response: Response,
  parser: Parser<T>,
  server: string,
): Promise<T> {
  try {
    return parser.parse(await response.json());
  } catch {
    throw new CliError(`unexpected answer from ${server}: is it a CodeDrop server?`);
  }
}
