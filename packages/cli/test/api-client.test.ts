import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lookupShareEndpoint } from '@codedrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../src/api/client.js';
import { ApiError } from '../src/api/problem.js';
import type { CliError } from '../src/cli-errors.js';

// The contract's client underneath, and each of its problems as the line the CLI prints.

const view = {
  code: '4821',
  type: 'clipboard',
  status: 'ready',
  createdAt: '2025-01-15T10:00:00.000Z',
  expiresAt: '2025-01-16T10:00:00.000Z',
  isEncrypted: false,
  burnAfterReading: false,
  content: 'hello',
};

/** Answers by the code asked for: a share, a problem, a proxy's page, a page that is not JSON. */
const answers: Record<string, [number, string, string]> = {
  '4821': [200, 'application/json', JSON.stringify(view)],
  '410': [
    410,
    'application/problem+json',
    JSON.stringify({
      type: 'about:blank',
      title: 'Gone',
      status: 410,
      detail: 'This share has expired.',
      code: 'SHARE_EXPIRED',
    }),
  ],
  '401': [
    401,
    'application/problem+json',
    JSON.stringify({
      type: 'about:blank',
      title: 'Wrong password',
      status: 401,
      detail: 'Wrong password.',
      code: 'WRONG_PASSWORD',
      attemptsLeft: 2,
    }),
  ],
  '502': [502, 'text/html', '<html>Bad gateway</html>'],
  '200': [200, 'text/html', '<!doctype html>'],
};

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const [status, type, body] = answers[request.url!.split('/').pop()!]!;
    response.writeHead(status, { 'content-type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const lookup = (code: string, at = origin) =>
  new ApiClient(at).call(lookupShareEndpoint, { params: { code } });

describe('ApiClient.call', () => {
  it('answers what the contract says', async () => {
    expect(await lookup('4821')).toEqual(view);
  });

  it("throws a refusal in the API's words, with its status and code", async () => {
    const error = await lookup('410').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'This share has expired.',
      status: 410,
      code: 'SHARE_EXPIRED',
    });
    await expect(lookup('401')).rejects.toThrow('Wrong password. 2 attempts left.');
  });

  it("names a page that is not the API's by its status line", async () => {
    await expect(lookup('502')).rejects.toThrow(/^the server answered 502 Bad Gateway$/);
  });

  it('says when an answer is not a CodeDrop one', async () => {
    const error = await lookup('200').catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as CliError).message).toBe(
      `unexpected answer from ${origin}: is it a CodeDrop server?`,
    );
  });

  it('says why no answer came', async () => {
    const closed = await new Promise<string>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(`http://127.0.0.1:${port}`));
      });
    });
    await expect(lookup('4821', closed)).rejects.toThrow(
      `cannot reach ${closed} (connection refused)`,
    );
  });
});
