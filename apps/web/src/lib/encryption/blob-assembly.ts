import { foldingAssembler, type BlobAssembler } from '@codedrop/crypto';

// Gathering the sealed segments into the upload Blob costs Chromium's main thread a copy of
// every byte (the Blob constructor), on top of WebCrypto's own work there. A worker does that
// part in parallel: segments are transferred to it (no copy) and it sends back the Blob,
// which is only a handle (docs/benchmarks.md#encryption-in-the-browser).

/** Main → worker. Each assembly has its own id; chunks move with their buffer. */
export type AssemblyRequest =
  | { id: number; buffer: ArrayBuffer; offset: number; length: number }
  | { id: number; finish: string }
  | { id: number; abort: true };

/** Worker → main: `ready` once at start, then one answer per request. */
export type AssemblyReply =
  | 'ready'
  | { id: number; added: true }
  | { id: number; blob: Blob }
  | { id: number; error: string };

/** The worker's side of a message channel (its global scope, or a MessagePort in tests). */
export interface AssemblyScope {
  postMessage(message: AssemblyReply): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<AssemblyRequest>) => void): void;
}

/** The page's side: a Worker, or a MessagePort in tests. */
export interface AssemblyPort {
  postMessage(message: AssemblyRequest, transfer: Transferable[]): void;
  addEventListener(type: 'message' | 'error', listener: (event: Event) => void): void;
  removeEventListener(type: 'message' | 'error', listener: (event: Event) => void): void;
}

/** Runs in the worker: one folding assembler per id. */
export function serveAssembly(scope: AssemblyScope): void {
  const assemblies = new Map<number, BlobAssembler>();
  scope.addEventListener('message', async ({ data }) => {
    const { id } = data;
    try {
      if ('buffer' in data) {
        let assembler = assemblies.get(id);
        if (!assembler) assemblies.set(id, (assembler = foldingAssembler()));
        await assembler.add(new Uint8Array(data.buffer, data.offset, data.length));
        scope.postMessage({ id, added: true });
      } else if ('finish' in data) {
        const blob = await (assemblies.get(id) ?? foldingAssembler()).finish(data.finish);
        assemblies.delete(id);
        scope.postMessage({ id, blob });
      } else {
        assemblies.get(id)?.abort();
        assemblies.delete(id);
      }
    } catch (error) {
      assemblies.get(id)?.abort();
      assemblies.delete(id);
      scope.postMessage({ id, error: String(error) });
    }
  });
  scope.postMessage('ready');
}

// Segments handed over but not yet taken. The worker stops to fold every 32 segments (a copy
// of 32 MiB); with 8 in flight the page often waited for it, with 24 it did not. So at most
// 56 MiB of segments exist at once, 32 MiB without the worker; the page memory row of
// `npm run bench` holds what the page and the worker take together.
export const maxPending = 24;
let nextId = 0;

/**
 * One assembly in the worker behind `port`. `add` waits while `maxPending` segments are
 * unanswered; any failure of the worker rejects what is waiting and every later call.
 */
export function workerAssembler(port: AssemblyPort): BlobAssembler {
  const id = nextId++;
  let pending = 0;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  let finished: { resolve: (blob: Blob) => void; reject: (error: Error) => void } | null = null;

  const stop = (error: Error | null) => {
    failure ??= error;
    port.removeEventListener('message', onMessage);
    port.removeEventListener('error', onError);
    wake?.();
  };
  const onMessage = (event: Event) => {
    const reply = (event as MessageEvent<AssemblyReply>).data;
    if (typeof reply !== 'object' || reply.id !== id) return;
    if ('added' in reply) {
      pending--;
      wake?.();
    } else if ('blob' in reply) {
      stop(null);
      finished?.resolve(reply.blob);
    } else {
      stop(new Error(`Assembling the Blob failed: ${reply.error}`));
      finished?.reject(failure!);
    }
  };
  const onError = () => {
    stop(new Error('The Blob worker stopped'));
    finished?.reject(failure!);
  };
  port.addEventListener('message', onMessage);
  port.addEventListener('error', onError);

  return {
    async add(chunk) {
      while (pending >= maxPending && !failure) {
        await new Promise<void>((resolve) => (wake = resolve));
      }
      if (failure) throw failure;
      pending++;
      // The assembler owns the chunk: its buffer moves to the worker without a copy.
      const { buffer, byteOffset: offset, length } = chunk;
      port.postMessage({ id, buffer, offset, length }, [buffer]);
    },
    finish(type) {
      if (failure) return Promise.reject(failure);
      return new Promise<Blob>((resolve, reject) => {
        finished = { resolve, reject };
        port.postMessage({ id, finish: type }, []);
      });
    },
    abort() {
      if (!failure) port.postMessage({ id, abort: true }, []);
      stop(new Error('aborted'));
    },
  };
}
