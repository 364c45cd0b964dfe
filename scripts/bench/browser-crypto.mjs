// Browser encryption bars (docs/benchmarks.md#encryption-in-the-browser): the app's streaming
// encryption and decryption of 50 MiB in Chromium as a ratio to raw WebCrypto AES-256-GCM over
// the same bytes in the same page and run, and the page's peak memory on the app's own paths.
import { createServer } from 'node:http';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { chromiumFlags, chromiumPath } from '../chromium.mjs';
import { flushPendingWrites } from './pending-writes.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const mib = 1024 * 1024;

const settings = {
  fileBytes: 50 * mib,
  rounds: 3,
  memoryRuns: 2,
  speedBar: 0.6,
  memoryBarMiB: 64,
  // Runtime.getHeapUsage is answered between the page's tasks; this is the pause between asks.
  sampleEveryMs: 2,
};

// The page's code, bundled by esbuild from the real sources: @codedrop/crypto through its
// `source` export, and the web app's own encryption modules (apps/web/src/lib/encryption).
const pageEntry = `
import { RangeEncryptor, SEGMENT_SIZE, STREAM_HEADER_BYTES, deriveKeysFor } from '@codedrop/crypto';
import { encryptFile, sealFileShare } from './apps/web/src/lib/encryption/seal-file';
import { downloadDecrypted } from './apps/web/src/lib/encryption/decrypt-download';
import { openFileSink } from './apps/web/src/lib/encryption/file-sink';
import { encryptedFileReader } from './apps/web/src/lib/api/resumable-upload';

const state = {};
const tagBytes = 16;

function randomData(bytes) {
  const data = new Uint8Array(bytes);
  for (let at = 0; at < bytes; at += 65536) crypto.getRandomValues(data.subarray(at, at + 65536));
  return data;
}

// The stream format written out here, so that the baseline and the checks do not lean on the
// library: header = 0x01 ‖ segment size u32 BE ‖ 7-byte prefix; nonce = prefix ‖ index u32 BE
// ‖ last flag; the header is every segment's additional data.
function makeHeader(prefix) {
  const header = new Uint8Array(STREAM_HEADER_BYTES);
  header[0] = 1;
  new DataView(header.buffer).setUint32(1, SEGMENT_SIZE);
  header.set(prefix, 5);
  return header;
}

function segmentParams(header, index, last) {
  const iv = new Uint8Array(12);
  iv.set(header.subarray(5, 12));
  new DataView(iv.buffer).setUint32(7, index);
  iv[11] = last ? 1 : 0;
  return { name: 'AES-GCM', iv, additionalData: header, tagLength: 128 };
}

const elapsed = async (work) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

async function prepare(bytes) {
  state.data = randomData(bytes);
  state.file = new File([state.data], 'bench.bin', { type: 'application/octet-stream' });
  state.key = await crypto.subtle.importKey(
    'raw', crypto.getRandomValues(new Uint8Array(32)), 'AES-GCM', false, ['encrypt', 'decrypt']);
  state.header = makeHeader(crypto.getRandomValues(new Uint8Array(7)));
  state.count = Math.max(1, Math.ceil(bytes / SEGMENT_SIZE));
  state.sealed = [];
  await rawEncrypt(true);
  state.stored = new Blob([state.header, ...state.sealed]);
  return { segments: state.count };
}

/** The simple, honest baseline: one await per 1 MiB segment over bytes already in memory. */
async function rawEncrypt(keep = false) {
  const { data, key, header, count } = state;
  return elapsed(async () => {
    for (let i = 0; i < count; i++) {
      const plain = data.subarray(i * SEGMENT_SIZE, (i + 1) * SEGMENT_SIZE);
      const params = segmentParams(header, i, i === count - 1);
      const sealed = await crypto.subtle.encrypt(params, key, plain);
      if (keep) state.sealed.push(new Uint8Array(sealed));
    }
  });
}

async function rawDecrypt() {
  const { sealed, key, header, count } = state;
  return elapsed(async () => {
    for (let i = 0; i < count; i++) {
      await crypto.subtle.decrypt(segmentParams(header, i, i === count - 1), key, sealed[i]);
    }
  });
}

/** seal-file.ts's encryptFile once the keys exist: the File in, the Blob the app uploads out. */
async function appEncrypt() {
  state.appStored = null;
  return elapsed(async () => {
    state.appStored = await encryptFile(state.file, state.key);
  });
}

// UPLOAD_CHUNK_BYTES' default: the size of every chunk a resumable upload asks for.
const resumableChunk = 8 * 1024 * 1024;

/**
 * A single file's path (resumable-upload.ts): tus-js-client asks its reader for one chunk
 * at a time and sends it; the RangeEncryptor seals that chunk's segments when asked. Only
 * the sealing is timed, chunk after chunk, as if the network took no time. The reader seals
 * into buffers it reuses once tus asks for the next chunk (the browser copies a body when it
 * sends it), so the check's run (keep) copies each chunk as it comes.
 */
async function appEncryptResumable(keep = false) {
  const encrypted = new RangeEncryptor(state.file, state.key, state.header.subarray(5, 12));
  const source = await encryptedFileReader(encrypted).openFile();
  const chunks = [];
  const ms = await elapsed(async () => {
    for (let start = 0; start < encrypted.size; start += resumableChunk) {
      const { value } = await source.slice(start, start + resumableChunk);
      if (keep) chunks.push(value.slice());
    }
  });
  source.close();
  return keep ? chunks : ms;
}

/** A sink that only counts: the timing is of decryption, not of a disk. */
function countingSink(check) {
  let written = 0;
  const sink = {
    async write(chunk) {
      check?.(chunk, written);
      written += chunk.length;
    },
    async commit() {},
    async discard() {},
  };
  return { sink, written: () => written };
}

/**
 * The download button's work after the grant (decrypt-download.ts): fetch, decrypt, write.
 * By default the response body is the stored file's own stream, as a network would deliver
 * it, so that the timing is of decryption; with a blob: URL it adds the browser's fetch
 * machinery, which is transport (reported apart).
 */
async function appDecrypt(check, viaBlobUrl = false) {
  const url = viaBlobUrl ? URL.createObjectURL(state.stored) : '/stored-file';
  const realFetch = globalThis.fetch;
  if (!viaBlobUrl) {
    globalThis.fetch = async () => new Response(state.stored.stream(), {
      headers: { 'Content-Length': String(state.stored.size) },
    });
  }
  const counting = countingSink(check);
  try {
    let result;
    const ms = await elapsed(async () => {
      result = await downloadDecrypted({
        url,
        encKey: state.key,
        storedLength: state.stored.size,
        meta: { name: 'bench.bin', type: '', size: state.data.length },
        sink: counting.sink,
      });
    });
    if (!result.ok || counting.written() !== state.data.length) {
      throw new Error('decryption failed: ' + JSON.stringify(result));
    }
    return ms;
  } finally {
    globalThis.fetch = realFetch;
    if (viaBlobUrl) URL.revokeObjectURL(url);
  }
}

const appDecryptBlobUrl = () => appDecrypt(undefined, true);

/** The app's uploads are the stream format (checked with WebCrypto alone); its download is the input. */
async function verify() {
  await checkStored(state.appStored);
  await checkStored(new Blob(await appEncryptResumable(true)));
  const { data } = state;
  await appDecrypt((chunk, offset) => {
    for (let i = 0; i < chunk.length; i++) {
      if (chunk[i] !== data[offset + i]) throw new Error('decrypted bytes differ');
    }
  });
  return true;
}

async function checkStored(blob) {
  const stored = new Uint8Array(await blob.arrayBuffer());
  const { data, key, count } = state;
  const header = stored.subarray(0, STREAM_HEADER_BYTES);
  const expected = STREAM_HEADER_BYTES + data.length + tagBytes * count;
  if (stored.length !== expected || header[0] !== 1) throw new Error('not the stream format');
  for (let i = 0, at = STREAM_HEADER_BYTES; i < count; i++) {
    const plainLength = Math.min(SEGMENT_SIZE, data.length - i * SEGMENT_SIZE);
    const sealed = stored.subarray(at, at + plainLength + tagBytes);
    const params = segmentParams(header.slice(), i, i === count - 1);
    const plain = new Uint8Array(await crypto.subtle.decrypt(params, key, sealed));
    const offset = i * SEGMENT_SIZE;
    for (let j = 0; j < plain.length; j++) {
      if (plain[j] !== data[offset + j]) throw new Error('segment ' + i + ' differs');
    }
    at += sealed.length;
  }
}

function release() {
  Object.keys(state).forEach((name) => delete state[name]);
}

// Memory: the real create path (sealFileShare on a File) and the real download path
// (downloadDecrypted from an HTTP URL into openFileSink's save-picker sink). The picker
// itself needs a click and a dialog, so it is answered with a file in the origin-private
// file system: the same FileSystemWritableFileStream the picker's handle gives.
async function memoryPrepare(bytes) {
  const parts = [];
  for (let at = 0; at < bytes; at += SEGMENT_SIZE) {
    parts.push(new Blob([randomData(Math.min(SEGMENT_SIZE, bytes - at))]));
  }
  state.memoryFile = new File(parts, 'memory.bin', { type: 'application/octet-stream' });
  window.showSaveFilePicker = async ({ suggestedName }) => {
    const dir = await navigator.storage.getDirectory();
    return dir.getFileHandle(suggestedName, { create: true });
  };
  return true;
}

async function memoryEncrypt() {
  const sealed = await sealFileShare({ password: 'benchmark password' }, [state.memoryFile]);
  state.memorySealed = sealed;
  return sealed.ciphertexts[0].size;
}

async function memoryUpload() {
  const { ciphertexts, fields } = state.memorySealed;
  const [ciphertext] = ciphertexts;
  const response = await fetch('/stored', { method: 'PUT', body: ciphertext });
  if (!response.ok) throw new Error('upload failed');
  const keys = await deriveKeysFor('benchmark password', fields.encryptedPayload.kdf);
  state.memoryKey = keys.encKey;
  state.memoryStoredLength = ciphertext.size;
  state.memorySealed = null;
  return true;
}

async function memoryDecrypt(run) {
  const meta = { name: 'memory-' + run + '.bin', type: '', size: state.memoryFile.size };
  const sink = await openFileSink(meta);
  const result = await downloadDecrypted({
    url: '/stored',
    encKey: state.memoryKey,
    storedLength: state.memoryStoredLength,
    meta,
    sink,
  });
  if (!result.ok) throw new Error('decryption failed: ' + JSON.stringify(result));
  const dir = await navigator.storage.getDirectory();
  const size = (await (await dir.getFileHandle(meta.name)).getFile()).size;
  await dir.removeEntry(meta.name);
  if (size !== meta.size) throw new Error('the saved file has ' + size + ' bytes');
  return size;
}

globalThis.bench = {
  prepare, rawEncrypt, rawDecrypt, appEncrypt, appEncryptResumable, appDecrypt, appDecryptBlobUrl,
  verify, release,
  memoryPrepare, memoryEncrypt, memoryUpload, memoryDecrypt,
};
`;

// The app starts its Blob worker as `new URL('./blob-worker.ts', import.meta.url)`, which Vite
// bundles for the real pages; here esbuild builds the same file and the server answers that URL.
const workerEntry = 'apps/web/src/lib/encryption/blob-worker.ts';

async function bundle(options) {
  const result = await build({
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    conditions: ['source'],
    logLevel: 'silent',
    ...options,
  });
  return result.outputFiles[0].text;
}

/** 127.0.0.1 is a secure context, so WebCrypto is there; it also serves the "download". */
async function startPageServer(scripts) {
  let stored = Buffer.alloc(0);
  const unknown = [];
  const server = createServer(async (request, response) => {
    const path = new URL(request.url, 'http://127.0.0.1').pathname;
    if (path === '/') {
      response.setHeader('content-type', 'text/html');
      response.end('<!doctype html><title>crypto bench</title>');
    } else if (scripts[path]) {
      response.setHeader('content-type', 'text/javascript');
      response.end(scripts[path]);
    } else if (path === '/stored' && request.method === 'PUT') {
      const chunks = [];
      for await (const chunk of request) chunks.push(chunk);
      stored = Buffer.concat(chunks);
      response.end();
    } else if (path === '/stored') {
      response.setHeader('content-type', 'application/octet-stream');
      response.setHeader('content-length', stored.length);
      response.end(stored);
    } else {
      if (path !== '/favicon.ico') unknown.push(path);
      response.statusCode = 404;
      response.end();
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, unknown, origin: `http://127.0.0.1:${server.address().port}` };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Times raw and app, alternating which goes first, after one warm-up of each; the round
 * whose ratio (raw ms ÷ app ms, so higher is better) is the median is reported.
 */
async function compare(call, gc, raw, app) {
  await call(raw);
  await call(app);
  const rounds = [];
  for (let round = 0; round < settings.rounds; round++) {
    const order = round % 2 === 0 ? [raw, app] : [app, raw];
    const ms = {};
    for (const name of order) {
      await gc();
      ms[name] = await call(name);
    }
    rounds.push({ rawMs: ms[raw], appMs: ms[app], ratio: ms[raw] / ms[app] });
  }
  const ratio = median(rounds.map((r) => r.ratio));
  return { ...rounds.find((r) => r.ratio === ratio), rounds };
}

/**
 * Heap usage of the page and of every worker it started (the Blob worker holds segments too),
 * through CDP: Runtime.getHeapUsage on the page, and on each worker through the page's
 * auto-attached target sessions.
 */
async function heapProbe(cdp) {
  const workers = new Set();
  const answers = new Map();
  let lastId = 0;
  cdp.on('Target.attachedToTarget', (event) => workers.add(event.sessionId));
  cdp.on('Target.detachedFromTarget', (event) => workers.delete(event.sessionId));
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message);
    answers.get(message.id)?.(message.result);
    answers.delete(message.id);
  });
  await cdp.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: false,
    flatten: false,
  });
  const inWorker = (sessionId, method) => {
    const id = ++lastId;
    const answer = new Promise((resolve) => answers.set(id, resolve));
    const message = JSON.stringify({ id, method });
    return cdp.send('Target.sendMessageToTarget', { sessionId, message }).then(() => answer);
  };
  // usedSize + embedderHeapUsedSize + backingStorageSize: the JS heap, Blink's heap, and the
  // ArrayBuffer contents, which live outside the JS heap (JSHeapUsedSize alone misses them).
  const total = (usage) =>
    usage ? usage.usedSize + usage.embedderHeapUsedSize + usage.backingStorageSize : 0;
  return {
    workers: () => workers.size,
    async sample() {
      const usages = await Promise.all([
        cdp.send('Runtime.getHeapUsage'),
        ...[...workers].map((sessionId) => inWorker(sessionId, 'Runtime.getHeapUsage')),
      ]);
      return usages.reduce((sum, usage) => sum + total(usage), 0);
    },
    async gc() {
      await Promise.all([
        cdp.send('HeapProfiler.collectGarbage'),
        ...[...workers].map((sessionId) => inWorker(sessionId, 'HeapProfiler.collectGarbage')),
      ]);
    },
  };
}

/** Peak of the probe's sum while `work` runs, above the same sum after a GC just before. */
async function peakAbove(probe, work) {
  await probe.gc();
  const idle = await probe.sample();
  let peak = idle;
  let samples = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await probe.sample());
      samples++;
      await new Promise((resolve) => setTimeout(resolve, settings.sampleEveryMs));
    }
  })();
  const started = performance.now();
  try {
    await work();
  } finally {
    running = false;
    await sampler;
  }
  return { growth: peak - idle, samples, ms: performance.now() - started };
}

const launchOptions = { executablePath: chromiumPath, args: chromiumFlags };

/** Rows `{ name, value, unit, baseline, ratio, bar, pass, notes }` for bench.mjs. */
export async function browserCrypto() {
  const scripts = {
    '/bench.js': await bundle({
      stdin: { contents: pageEntry, resolveDir: root, sourcefile: 'bench-page.js', loader: 'js' },
    }),
    '/blob-worker.ts': await bundle({ entryPoints: [join(root, workerEntry)] }),
  };
  const { server, unknown, origin } = await startPageServer(scripts);
  const browser = await chromium.launch(launchOptions);
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    if (!(await page.evaluate(() => globalThis.isSecureContext))) {
      throw new Error('the bench page is not a secure context');
    }
    await page.addScriptTag({ url: '/bench.js', type: 'module' });
    await page.waitForFunction(() => globalThis.bench !== undefined);
    const cdp = await page.context().newCDPSession(page);
    const probe = await heapProbe(cdp);
    const call = (name, ...args) =>
      page.evaluate(([fn, rest]) => globalThis.bench[fn](...rest), [name, args]);

    await call('prepare', settings.fileBytes);
    // The app's encryption needs both cores (the page seals, its worker and the browser
    // move the Blob) where raw WebCrypto needs one, so the kernel writing back the earlier
    // steps' files meanwhile comes out of the app's side only, and a gigabyte left to write
    // back visibly lowered the encrypt row (pending-writes.mjs, docs/benchmarks.md).
    flushPendingWrites();
    const encrypt = await compare(call, probe.gc, 'rawEncrypt', 'appEncrypt');
    const resumable = await compare(call, probe.gc, 'rawEncrypt', 'appEncryptResumable');
    const decrypt = await compare(call, probe.gc, 'rawDecrypt', 'appDecrypt');
    const download = await compare(call, probe.gc, 'rawDecrypt', 'appDecryptBlobUrl');
    await call('verify');
    await call('release');
    // A file the page could not load (the worker moved?) would quietly measure the fallback.
    if (unknown.length) throw new Error(`the page asked for ${unknown.join(', ')}`);
    // The app gathers on its own thread when no worker starts: the notes say which ran.
    const workers = probe.workers();

    await call('memoryPrepare', settings.fileBytes);
    const memory = { encrypt: [], decrypt: [] };
    for (let run = 0; run < settings.memoryRuns; run++) {
      memory.encrypt.push(await peakAbove(probe, () => call('memoryEncrypt')));
      await call('memoryUpload');
      memory.decrypt.push(await peakAbove(probe, () => call('memoryDecrypt', run)));
    }
    return rows({ encrypt, resumable, decrypt, download, memory, workers });
  } finally {
    await browser.close();
    server.close();
  }
}

function rows({ encrypt, resumable, decrypt, download, memory, workers }) {
  const size = `${settings.fileBytes / mib} MiB`;
  const speed = (name, result, notes, bar = settings.speedBar) => ({
    name,
    value: result.appMs,
    unit: 'ms',
    baseline: result.rawMs,
    ratio: result.ratio,
    bar: bar === null ? null : `≥ ${bar.toFixed(2)}×`,
    pass: bar === null ? null : result.ratio >= bar,
    notes: `${notes}; rounds ${result.rounds.map((r) => r.ratio.toFixed(2)).join(', ')}×`,
  });
  const peak = (name, runs, notes) => {
    const worst = runs.reduce((a, b) => (b.growth > a.growth ? b : a));
    return {
      name,
      value: worst.growth / mib,
      unit: 'MiB',
      baseline: null,
      ratio: null,
      bar: `< ${settings.memoryBarMiB} MiB`,
      pass: worst.growth < settings.memoryBarMiB * mib,
      notes: `${notes}; worst of ${runs.length}, ${worst.samples} samples in ${Math.round(worst.ms)} ms`,
    };
  };
  const gathered = workers > 0 ? 'Blob gathered in the worker' : 'no worker: Blob on the page';
  return [
    speed(`Chromium: encrypt ${size}`, encrypt, `several files: File → upload Blob (${gathered})`),
    speed(
      `Chromium: encrypt ${size}, one file`,
      resumable,
      'resumable upload: each 8 MiB chunk sealed when tus asks for it',
    ),
    speed(`Chromium: decrypt ${size}`, decrypt, 'download path, body = the stored Blob stream'),
    speed(`Chromium: decrypt ${size} from blob: URL`, download, 'with fetch machinery', null),
    peak(`Chromium: page memory, encrypt ${size}`, memory.encrypt, 'sealFileShare'),
    peak(`Chromium: page memory, decrypt ${size}`, memory.decrypt, 'HTTP → save-picker sink'),
  ];
}

// `node scripts/bench/browser-crypto.mjs` prints the rows on their own.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  console.table(await browserCrypto());
  console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`);
}
