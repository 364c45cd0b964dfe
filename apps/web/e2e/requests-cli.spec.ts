import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { codedrop, ensureCliBuilt } from './support/cli';
import { ask, openAsStranger, pickUp } from './support/requests';
import { hideSavePicker } from './support/receive-files';
import { sampleFiles } from './support/sample-files';

// Requests across the CLI (packages/cli) and the browser, both ways: the same keys, headers
// and file streams, on the real server the suite runs.
test.beforeAll(ensureCliBuilt);

test('the CLI sends files and a text to a request made in the browser', async ({
  page,
  baseURL,
}) => {
  const password = `request ${randomUUID()}`;
  await hideSavePicker(page);
  const code = await ask(page, password, { files: true, text: true });
  const files = sampleFiles(randomUUID().slice(0, 8));
  const dir = await mkdtemp(join(tmpdir(), 'codedrop-request-cli-'));
  try {
    for (const file of files) await writeFile(join(dir, file.name), file.buffer);
    const paths = files.map((file) => join(dir, file.name));
    const message = `from the terminal ${randomUUID()}`;
    const sent = await codedrop(['send', '--to', code, ...paths, '--message', message], baseURL!);
    expect(sent.status, sent.stderr).toBe(0);
    expect(sent.stdout).toContain('Sent. Only the person who asked can open it.');

    await pickUp(page, code, password);
    await expect(page.getByRole('heading', { name: 'Submissions (1)' })).toBeVisible();
    await expect(page.getByText(message)).toBeVisible();
    for (const file of files) {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: `Download ${file.name}` }).click();
      const saved = await download;
      expect(await readFile((await saved.path())!), file.name).toEqual(file.buffer);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the CLI picks up what a browser sent to its request', async ({ browser, baseURL }) => {
  const password = `request ${randomUUID()}`;
  const made = await codedrop(['request', '--password', password, '--json'], baseURL!);
  expect(made.status, made.stderr).toBe(0);
  const { code } = JSON.parse(made.stdout) as { code: string };

  const files = sampleFiles(randomUUID().slice(0, 8));
  const stranger = await openAsStranger(browser, code);
  await stranger.page.getByLabel('Files', { exact: true }).setInputFiles(files);
  const text = `from the browser ${randomUUID()}`;
  await stranger.page.getByLabel('Text', { exact: true }).fill(text);
  await stranger.page.getByRole('button', { name: 'Encrypt & Send' }).click();
  await expect(stranger.page.getByText('Sent. Only the person who asked can open it.')).toBeVisible(
    { timeout: 30_000 },
  );
  await stranger.context.close();

  const dir = await mkdtemp(join(tmpdir(), 'codedrop-request-pickup-'));
  try {
    const wrong = await codedrop(['get', code, '--password', 'not it', '-o', dir], baseURL!);
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('attempts left.');

    const got = await codedrop(
      ['get', code, '--password', password, '-o', dir, '--json'],
      baseURL!,
    );
    expect(got.status, got.stderr).toBe(0);
    const picked = JSON.parse(got.stdout) as {
      submissions: { text: string | null; files: { name: string; path: string }[] }[];
    };
    expect(picked.submissions).toHaveLength(1);
    const [submission] = picked.submissions;
    // `text` is where its text.txt was saved.
    expect(await readFile(submission!.text!, 'utf8')).toBe(text);
    expect(submission!.files.map((file) => file.name)).toEqual(files.map((file) => file.name));
    for (const [index, file] of submission!.files.entries()) {
      expect(await readFile(file.path), file.name).toEqual(files[index]!.buffer);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
