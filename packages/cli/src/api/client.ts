import {
  createApiClient,
  getConfigEndpoint,
  pathTo,
  type AnswerOf,
  type CallArgs,
  type CallableEndpoint,
  type Endpoint,
  type PathArgs,
  type PublicConfig,
} from '@codedrop/contract';
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

  /** Download URLs may be relative to the server (its blob URLs) or absolute (S3). */
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

  /** The URL of one of the API's endpoints on this server. */
  url<E extends Endpoint>(endpoint: E, ...params: PathArgs<E['path']>): string {
    return `${this.server}${pathTo(endpoint, ...params)}`;
  }

  /**
   * A JSON call through the contract's client, its answer checked against the contract.
   * Its problem result is thrown as the error the CLI prints: a refusal in the API's own
   * words (read from a copy of the answer, as apiErrorFrom always has), no answer at all
   * in undici's, anything else as not a CodeDrop server.
   */
  async call<E extends CallableEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<AnswerOf<E>> {
    let thrown: unknown;
    let refused: Response | undefined;
    const client = createApiClient(this.server, {
      fetch: async (input, init) => {
        try {
          const response = await fetch(input, init);
          if (!response.ok) refused = response.clone();
          return response;
        } catch (error) {
          thrown = error;
          throw error;
        }
      },
    });
    const result = await client.call(endpoint, ...args);
    if (result.ok) return result.data;
    if (refused !== undefined) throw await apiErrorFrom(refused);
    if (result.problem.status === 0) throw networkError(this.server, thrown);
    throw unexpectedAnswer(this.server);
  }

  config(): Promise<PublicConfig> {
    return this.call(getConfigEndpoint);
  }
}

const unexpectedAnswer = (server: string) =>
  new CliError(`unexpected answer from ${server}: is it a CodeDrop server?`);

export async function parseAnswer<T>(
  response: Response,
  parser: Parser<T>,
  server: string,
): Promise<T> {
  try {
    return parser.parse(await response.json());
  } catch {
    throw unexpectedAnswer(server);
  }
}
