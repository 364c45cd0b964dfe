import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jsonOf, runCli, type SendJson } from './support/cli.js';
import { scratchDir } from './support/files.js';
import { startServer, type TestServer } from './support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const cli = (args: string[], input?: string) => runCli(args, { server: server.url, input });
const send = async (args: string[], input: string) =>
  jsonOf<SendJson>(await cli(['send', ...args, '--json'], input));

describe('text from stdin', () => {
  test.each([
    ['non-ASCII without a trailing newline', 'héllo wörld ✓ 🚀\n  indented\nlast line'],
    ['a trailing newline, CRLF and tabs', 'a\r\nb\t\tc\n\n'],
    ['a byte order mark', '\ufeffbom first'],
  ])('comes back byte for byte: %s', async (_, text) => {
    const sent = await send([], text);
    expect(sent.code).toMatch(/^\d{4,6}$/);
    const got = await cli(['get', sent.code]);
    expect(got.status).toBe(0);
    expect(got.stdout.equals(Buffer.from(text, 'utf8'))).toBe(true);
  });

  test('send - reads stdin too, and the human output names code, link and delete token', async () => {
    const result = await cli(['send', '-'], 'plain output');
    expect(result.status).toBe(0);
    const out = result.stdout.toString();
    const code = /^Code: +(\d+)$/m.exec(out)?.[1];
    expect(code).toBeDefined();
    expect(out).toContain(`Link:         ${server.url}/${code}`);
    expect(out).toMatch(/^Delete token: [\w-]{20,}$/m);
    // stdout is a pipe here: no QR code, no escape sequences.
    expect(out).not.toContain('\x1b[');
  });

  test('--json shapes: send {code, link, deleteToken, expiresAt}, get {type, content}', async () => {
    const sent = await send(['--expires', '1h'], 'json please');
    expect(Object.keys(sent).sort()).toEqual(['code', 'deleteToken', 'expiresAt', 'link']);
    expect(sent.link).toBe(`${server.url}/${sent.code}`);
    const lifetime = Date.parse(sent.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(3_500_000);
    expect(lifetime).toBeLessThanOrEqual(3_600_000);
    expect(jsonOf(await cli(['get', sent.code, '--json']))).toEqual({
      type: 'clipboard',
      content: 'json please',
    });
  });

  test('burn after reading: the first get prints it, the second is refused', async () => {
    const sent = await send(['--burn'], 'read me once');
    const first = await cli(['get', sent.code]);
    expect(first.stdout.toString()).toBe('read me once');
    const second = await cli(['get', sent.code]);
    expect(second.status).toBe(1);
    expect(second.stderr).toBe('codedrop: This content has already been viewed and deleted.\n');
  });

  test('a burn-after-reading text is not spent when -o would overwrite a file', async () => {
    const work = await scratchDir();
    try {
      const sent = await send(['--burn', '--password', 'burn pw'], 'only once');
      await writeFile(join(work.dir, 'kept.txt'), 'mine');
      const run = (args: string[]) =>
        runCli(['get', sent.code, '--password', 'burn pw', ...args], {
          server: server.url,
          cwd: work.dir,
        });
      const refused = await run(['-o', 'kept.txt']);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('kept.txt already exists');
      expect((await run(['-o', 'fresh.txt'])).status).toBe(0);
      expect(await readFile(join(work.dir, 'fresh.txt'), 'utf8')).toBe('only once');
      expect((await run([])).stderr).toContain('already been viewed');
    } finally {
      await work.remove();
    }
  });

  test('blank text is refused before anything is sent', async () => {
    const result = await cli(['send', '-'], '  \n');
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('codedrop: Please enter some text to share\n');
  });
});

test('a note prints as plain text: lines, list items, links, decoded entities', async () => {
  const html =
    '<h1>Plan &amp; notes</h1><p>Ship <strong>on</strong> Friday &lt;3</p>' +
    '<ul><li>one</li><li>two</li></ul><p><br></p>' +
    '<p>See <a href="https://example.com/x">the doc</a></p>';
  const response = await fetch(`${server.url}/api/shares`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'notepad', content: html }),
  });
  const { code } = (await response.json()) as { code: string };
  const got = await cli(['get', code]);
  expect(got.status).toBe(0);
  expect(got.stdout.toString()).toBe(
    'Plan & notes\nShip on Friday <3\n- one\n- two\n\nSee the doc (https://example.com/x)\n',
  );
  const json = jsonOf<{ type: string; content: string; html: string }>(
    await cli(['get', code, '--json']),
  );
  expect(json.type).toBe('notepad');
  expect(json.content).toContain('- two');
});

describe('encrypted text', () => {
  test('opens with its password; a wrong one fails clearly and is counted', async () => {
    const secret = 'secret ✓ text\nno newline at the end';
    const sent = await send(['--password', 'correct horse'], secret);
    const view = (await (await fetch(`${server.url}/api/shares/${sent.code}`)).json()) as {
      isEncrypted: boolean;
      content?: string;
    };
    expect(view.isEncrypted).toBe(true);
    expect(view.content).toBeUndefined();

    const wrong = await cli(['get', sent.code, '--password', 'wrong horse']);
    expect(wrong.status).toBe(1);
    expect(wrong.stdout.length).toBe(0);
    expect(wrong.stderr).toBe(
      'codedrop: Failed to decrypt content. Please check your password. 9 attempts left.\n',
    );

    // No password and no terminal to ask on: say what to pass, without guessing.
    const none = await cli(['get', sent.code]);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('--password');

    const right = await cli(['get', sent.code, '--password', 'correct horse']);
    expect(right.status).toBe(0);
    expect(right.stdout.toString()).toBe(secret);
  });
});

describe('delete', () => {
  test('with the right token the share is gone; a wrong token is refused', async () => {
    const sent = await send([], 'to be deleted');
    const wrong = await cli(['delete', sent.code, '--token', 'not-the-token']);
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toBe('codedrop: This delete token does not match this code.\n');
    expect((await cli(['get', sent.code])).stdout.toString()).toBe('to be deleted');
    // A token that begins with a dash is still the token, not a flag.
    const dashed = await cli(['delete', sent.code, '--token', '-not-the-token']);
    expect(dashed.stderr).toBe('codedrop: This delete token does not match this code.\n');

    const right = await cli(['delete', sent.code, '--token', sent.deleteToken]);
    expect(right.stderr).toBe('');
    expect(right.status).toBe(0);
    expect(right.stdout.toString()).toBe('Deleted.\n');
    const after = await cli(['get', sent.code]);
    expect(after.status).toBe(1);
    expect(after.stderr).toBe('codedrop: This content was deleted by its creator.\n');
  });
});

describe('usage', () => {
  test('wrong arguments exit 2 with one line; --help exits 0', async () => {
    for (const args of [
      ['send', '--nope'],
      ['get'],
      ['get', 'abc'],
      ['frobnicate'],
      ['delete', '1234'],
    ]) {
      const result = await cli(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^codedrop: [^\n]+\n$/);
    }
    const expires = await cli(['send', '-', '--expires', '2h'], 'x');
    expect(expires.status).toBe(2);
    expect(expires.stderr).toBe('codedrop: --expires must be one of 10m, 1h, 6h, 24h\n');
    for (const command of ['send', 'get', 'delete']) {
      const help = await cli([command, '--help']);
      expect(help.status).toBe(0);
      expect(help.stdout.toString()).toContain(`codedrop ${command}`);
    }
  });

  test('an unknown code is the API own message, exit 1', async () => {
    const result = await cli(['get', '999999']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'codedrop: Content not found or has expired. Please check the code and try again.\n',
    );
  });
});
