// The upload baseline: node:http piping the raw request body to a file, nothing else; with
// BENCH_DURABLE=1 the file is also synced to the disk before the answer, as an upload must
// be before a server can say it holds the bytes.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

const dir = process.env.BENCH_UPLOAD_DIR;
if (!dir) throw new Error('BENCH_UPLOAD_DIR is required');
const durable = process.env.BENCH_DURABLE === '1';

const server = createServer(async (req, res) => {
  if (req.method === 'GET' && req.url === '/healthz') {
    res.end('ok');
    return;
  }
  if (req.method !== 'POST' || req.url !== '/upload') {
    res.writeHead(404).end();
    return;
  }
  const path = join(dir, `${Date.now()}-${randomBytes(6).toString('hex')}`);
  const file = createWriteStream(path);
  try {
    await pipeline(req, file);
    if (durable) {
      const handle = await open(path, 'r+');
      await handle.sync().finally(() => handle.close());
    }
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ bytes: file.bytesWritten }));
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});

process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
});

server.listen(Number(process.env.PORT), process.env.HOST);
