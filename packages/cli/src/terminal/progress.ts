import { formatBytes } from '@codedrop/contract';

export interface Progress {
  advance(bytes: number): void;
  finish(): void;
}

const quiet: Progress = { advance: () => undefined, finish: () => undefined };
/** Redraws at most this often: a 1 GiB transfer must not spend its time painting. */
const redrawMs = 100;

/**
 * A one-line bar on stderr, only when stderr is a terminal: a log file or a pipe gets no
 * carriage returns. `label`, a bar, the percentage and the bytes so far.
 */
export function progressBar(label: string, total: number): Progress {
  const stream = process.stderr;
  if (!stream.isTTY) return quiet;
  let done = 0;
  let drawnAt = 0;
  const draw = () => {
    const fraction = total > 0 ? Math.min(done / total, 1) : 1;
    const numbers = `${Math.floor(fraction * 100)}%  ${formatBytes(done)} / ${formatBytes(total)}`;
    const room = (stream.columns || 80) - numbers.length - 6;
    const name = Array.from(label)
      .slice(0, Math.max(10, Math.floor(room / 2)))
      .join('');
    const width = Math.max(10, room - Array.from(name).length);
    const filled = Math.round(fraction * width);
    const bar = '█'.repeat(filled) + '░'.repeat(width - filled);
    stream.write(`\r\x1b[2K${name} ${bar} ${numbers}`);
  };
  return {
    advance(bytes) {
      done += bytes;
      const now = Date.now();
      if (now - drawnAt >= redrawMs) {
        drawnAt = now;
        draw();
      }
    },
    finish() {
      draw();
      stream.write('\n');
    },
  };
}

/** Passes chunks through, telling `progress` how many bytes went by. */
export async function* counted<T extends Uint8Array>(
  chunks: AsyncIterable<T>,
  progress: Progress,
): AsyncGenerator<T> {
  for await (const chunk of chunks) {
    progress.advance(chunk.length);
    yield chunk;
  }
}
