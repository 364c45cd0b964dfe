import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { codedrop, ensureCliBuilt } from './support/cli';
import { readResultCode } from './support/result-card';
import { readZip } from './support/read-zip';
import { openTool } from './support/tool-page';

// The CLI and the web app must open each other's encrypted shares (packages/cli): the same
// keys, envelopes and file streams, on the real server the suite runs.
test.beforeAll(ensureCliBuilt);

async function sendWithCli(args: string[], server: string, input?: string) {
  const result = await codedrop(['send', ...args, '--json'], server, input);
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { code: string; link: string };
}

async function decrypt(page: Page, password: string) {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Decrypt & View Content' }).click();
}

test('text the CLI encrypted opens in the browser with the same password', async ({
  page,
  baseURL,
}) => {
  const secret = `from the terminal ${randomUUID()}\n  ünïcödé ✓ 🚀\nno newline at the end`;
  const password = `cli pw ${randomUUID().slice(0, 8)}`;
  const sent = await sendWithCli(['--password', password], baseURL!, secret);
  expect(sent.link).toBe(`${baseURL}/${sent.code}`);

  await page.goto(`/${sent.code}`);
  await expect(page.getByText('End-to-end encrypted')).toBeVisible();
  await decrypt(page, password);
  await expect(page.getByRole('textbox', { name: 'Shared text' })).toHaveValue(secret);
});

test('files the CLI encrypted are listed and decrypted by the browser', async ({
  page,
  baseURL,
}) => {
  // Without a save picker the ZIP is handed to the download manager, which Playwright sees.
  await page.addInitScript(() => {
    Object.defineProperty(window, 'showSaveFilePicker', { value: undefined });
  });
  const dir = await mkdtemp(join(tmpdir(), 'codedrop-cli-interop-'));
  try {
    const files = [
      { name: `notes ${randomUUID().slice(0, 6)}.txt`, buffer: Buffer.from('plain notes ✓\n') },
      // Over one 1 MiB segment, so the browser checks more than one tag of the CLI's stream.
      { name: 'data.bin', buffer: randomBytes(1_300_000) },
    ];
    for (const file of files) await writeFile(join(dir, file.name), file.buffer);
    const password = 'bundle from the cli';
    const sent = await sendWithCli(
      [...files.map((file) => join(dir, file.name)), '--password', password, '--downloads', '3'],
      baseURL!,
    );

    await page.goto(`/${sent.code}`);
    await expect(page.getByText('encrypted_file')).toHaveCount(0);
    await decrypt(page, password);
    const rows = page.getByRole('list', { name: 'Files' }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    for (const [index, file] of files.entries()) {
      await expect(rows.nth(index)).toContainText(file.name);
    }

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download all (.zip)', exact: true }).click();
    const zip = await readFile((await (await downloading).path())!);
    const entries = readZip(zip);
    expect(entries.map((entry) => entry.name)).toEqual(files.map((file) => file.name));
    entries.forEach((entry, i) => expect(entry.bytes.equals(files[i]!.buffer)).toBe(true));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('text encrypted in the browser is printed by the CLI with the same password', async ({
  page,
  baseURL,
}) => {
  const secret = `from the browser ${randomUUID()}\n  second line ✓`;
  const password = `web pw ${randomUUID().slice(0, 8)}`;
  await openTool(page, '/clipboard');
  await page.getByLabel('Your text').fill(secret);
  await page.getByRole('switch', { name: /encryption/i }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  const code = await readResultCode(page);

  const wrong = await codedrop(['get', code, '--password', 'not it'], baseURL!);
  expect(wrong.status).toBe(1);
  expect(wrong.stderr).toContain('Failed to decrypt content. Please check your password.');

  const got = await codedrop(['get', code, '--password', password], baseURL!);
  expect(got.stderr).toBe('');
  expect(got.status).toBe(0);
  expect(got.stdout).toBe(secret);
});

test('a note encrypted in the browser is printed by the CLI as plain text', async ({
  page,
  baseURL,
}) => {
  const password = `note pw ${randomUUID().slice(0, 8)}`;
  await openTool(page, '/notepad');
  await page.getByRole('textbox', { name: 'Note' }).click();
  await page
    .getByRole('toolbar', { name: 'Formatting' })
    .getByRole('button', { name: 'Bold', exact: true })
    .click();
  await page.keyboard.type('Sealed plan');
  await page
    .getByRole('toolbar', { name: 'Formatting' })
    .getByRole('button', { name: 'Bold', exact: true })
    .click();
  await page.keyboard.press('Enter');
  await page.keyboard.type('second line & more');
  await page.getByRole('switch', { name: /encryption/i }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  const code = await readResultCode(page);

  const got = await codedrop(['get', code, '--password', password], baseURL!);
  expect(got.stderr).toBe('');
  expect(got.status).toBe(0);
  expect(got.stdout).toBe('Sealed plan\nsecond line & more\n');
});

test('files encrypted in the browser are saved by the CLI byte for byte', async ({
  page,
  baseURL,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'codedrop-cli-interop-'));
  try {
    const files = [
      { name: 'from the browser.txt', mimeType: 'text/plain', buffer: Buffer.from('hello ✓\n') },
      { name: 'blob.bin', mimeType: 'application/octet-stream', buffer: randomBytes(1_100_000) },
    ];
    const password = 'browser bundle pw';
    await openTool(page, '/file-share');
    await page.getByLabel('File', { exact: true }).setInputFiles(files);
    await page.getByRole('switch', { name: /encryption/i }).click();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Upload & Generate 4-Digit Code' }).click();
    const code = await readResultCode(page);

    const got = await codedrop(
      ['get', code, '--password', password, '-o', dir, '--json'],
      baseURL!,
    );
    expect(got.status, got.stderr).toBe(0);
    const saved = JSON.parse(got.stdout) as { files: { name: string; path: string }[] };
    expect(saved.files.map((file) => file.name)).toEqual(files.map((file) => file.name));
    for (const [index, file] of files.entries()) {
      expect((await readFile(join(dir, file.name))).equals(file.buffer), file.name).toBe(true);
      expect(saved.files[index]!.path).toBe(join(dir, file.name));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
