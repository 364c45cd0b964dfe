// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveAssembly, type AssemblyScope } from './blob-assembly';

const created: { url: string; options: WorkerOptions }[] = [];
const ports: MessagePort[] = [];
let behaviour: 'serve' | 'fail' | 'silent' = 'serve';

/** A Worker whose other end runs serveAssembly in this thread (or fails, or never answers). */
class FakeWorker extends EventTarget {
  private readonly port: MessagePort;
  terminated = false;

  constructor(url: URL, options: WorkerOptions) {
    super();
    created.push({ url: String(url), options });
    const { port1, port2 } = new MessageChannel();
    ports.push(port1, port2);
    this.port = port1;
    port1.addEventListener('message', (event) =>
      this.dispatchEvent(new MessageEvent('message', { data: event.data })),
    );
    port1.start();
    port2.start();
    if (behaviour === 'serve') serveAssembly(port2 as unknown as AssemblyScope);
    if (behaviour === 'fail') setTimeout(() => this.dispatchEvent(new Event('error')));
  }

  postMessage(message: unknown, transfer: Transferable[]) {
    this.port.postMessage(message, transfer as never);
  }

  terminate() {
    this.terminated = true;
  }
}

/** A fresh module each time: the worker is started once per page. */
const load = async () => (await import('./open-assembler')).openAssembler;
const bytesOf = async (blob: Blob) => [...new Uint8Array(await blob.arrayBuffer())];

beforeEach(() => {
  vi.resetModules();
  created.length = 0;
  behaviour = 'serve';
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  ports.splice(0).forEach((port) => port.close());
});

describe('openAssembler', () => {
  it('gathers on this thread where there are no workers', async () => {
    const openAssembler = await load();
    const assembler = await openAssembler();
    await assembler.add(new Uint8Array([1, 2]));
    expect(await bytesOf(await assembler.finish(''))).toEqual([1, 2]);
  });

  it('starts one module worker from this origin and uses it for every assembly', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const openAssembler = await load();
    for (const value of [7, 8]) {
      const assembler = await openAssembler();
      const chunk = new Uint8Array([value]);
      await assembler.add(chunk);
      expect(chunk.length).toBe(0); // moved to the worker
      expect(await bytesOf(await assembler.finish(''))).toEqual([value]);
    }
    expect(created).toHaveLength(1);
    expect(created[0]!.url).toMatch(/\/blob-worker\.ts$/);
    expect(created[0]!.options).toEqual({ type: 'module' });
  });

  it('falls back to this thread when the worker fails to start', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    behaviour = 'fail';
    const openAssembler = await load();
    const chunk = new Uint8Array([3]);
    const assembler = await openAssembler();
    await assembler.add(chunk);
    expect(chunk.length).toBe(1); // kept here
    expect(await bytesOf(await assembler.finish(''))).toEqual([3]);
    await openAssembler();
    expect(created).toHaveLength(1); // not tried again
  });

  it('gives up on a worker that never says it is ready', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', FakeWorker);
    behaviour = 'silent';
    const openAssembler = await load();
    const opening = openAssembler();
    await vi.advanceTimersByTimeAsync(5_000);
    const assembler = await opening;
    const chunk = new Uint8Array([4]);
    await assembler.add(chunk);
    expect(chunk.length).toBe(1);
  });
});
