// After the build: a brotli (.br) and a gzip (.gz) copy next to every text asset, made
// once at the strongest settings, so the server sends them by content negotiation without
// compressing anything per request. A copy that would not be smaller is not written.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const compressible = /\.(js|mjs|css|html|svg|json|xml|txt|webmanifest|map)$/;
const minBytes = 1024;

let written = 0;
let saved = 0;
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const file = join(entry.parentPath, entry.name);
  const bytes = readFileSync(file);
  if (bytes.length < minBytes) continue;
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gzip = gzipSync(bytes, { level: 9 });
  for (const [suffix, copy] of [
    ['.br', brotli],
    ['.gz', gzip],
  ]) {
    if (copy.length >= bytes.length) continue;
    writeFileSync(file + suffix, copy);
    written++;
  }
  saved += bytes.length - brotli.length;
}
console.log(`compress: ${written} files written, brotli saves ${(saved / 1024).toFixed(0)} KiB`);
