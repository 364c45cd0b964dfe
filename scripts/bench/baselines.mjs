import { fileURLToPath } from 'node:url';
import { startNodeServer } from './processes.mjs';

const script = (name) => fileURLToPath(new URL(name, import.meta.url));

// Baselines run as child processes like CodeDrop, so both sides pay the same process and
// loopback costs and neither shares a CPU with the load generator's event loop.

/**
 * `views` maps codes to the JSON CodeDrop answered for them and `config` is its
 * /api/config answer; the bare routes return them as-is.
 */
export function startBareFastify(views, config, workers = 1) {
  return startNodeServer('bare Fastify', script('./bare-fastify.mjs'), {
    ...process.env,
    BENCH_VIEWS_JSON: JSON.stringify(views),
    BENCH_CONFIG_JSON: JSON.stringify(config),
    BENCH_WORKERS: String(workers),
  });
}

/** POST /upload pipes the raw body to a file in `uploadDir`. */
export function startBareStreamToDisk(uploadDir, { durable = false } = {}) {
  return startNodeServer('bare stream-to-disk', script('./bare-stream-to-disk.mjs'), {
    ...process.env,
    BENCH_UPLOAD_DIR: uploadDir,
    BENCH_DURABLE: durable ? '1' : '0',
  });
}

/** The memory check's negative control: buffers the whole body before writing it. */
export function startBufferingControl(uploadDir) {
  return startNodeServer('buffering control', script('./buffering-control.mjs'), {
    ...process.env,
    BENCH_UPLOAD_DIR: uploadDir,
  });
}
