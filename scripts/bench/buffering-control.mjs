// A deliberately wrong upload server: it holds every chunk of the body until the end, then
// writes them out. The memory check must fail it, or the check proves nothing. Collecting
// chunks (not one Buffer.concat) is the harder case: freed small chunks stay in the
// allocator and can be reused, which is what hides buffering from a careless measurement.
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const dir = process.env.BENCH_UPLOAD_DIR;
if (!dir) throw new Error('BENCH_UPLOAD_DIR is required');

const server = createServer(async (req, res) => {
  if (req.method === 'GET' && req.url === '/healthz') {
    res.end('ok');
    return;
  }
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  await pipeline(Readable.from(chunks), createWriteStream(join(dir, 'buffered.bin')));
  res.writeHead(201, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ bytes: chunks.reduce((sum, chunk) => sum + chunk.length, 0) }));
});

process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
});

server.listen(Number(process.env.PORT), process.env.HOST);
