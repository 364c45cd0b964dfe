// The upload baseline: node:http piping the raw request body to a file, nothing else.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

const dir = process.env.BENCH_UPLOAD_DIR;
if (!dir) throw new Error('BENCH_UPLOAD_DIR is required');

const server = createServer(async (req, res) => {
  if (req.method === 'GET' && req.url === '/healthz') {
    res.end('ok');
    return;
  }
  if (req.method !== 'POST' || req.url !== '/upload') {
    res.writeHead(404).end();
    return;
  }
  const file = createWriteStream(join(dir, `${Date.now()}-${randomBytes(6).toString('hex')}`));
  try {
    await pipeline(req, file);
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
