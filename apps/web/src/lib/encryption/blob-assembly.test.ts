// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import {
  maxPending,
  serveAssembly,
  workerAssembler,
  type AssemblyPort,
  type AssemblyReply,
  type AssemblyRequest,
  type AssemblyScope,
} from './blob-assembly';

const open: MessagePort[] = [];
afterEach(() => open.splice(0).forEach((port) => port.close()));

/** The worker's side served on one end of a MessageChannel, the page's on the other. */
function channel() {
  const { port1, port2 } = new MessageChannel();
  open.push(port1, port2);
  serveAssembly(port2 as unknown as AssemblyScope);
  port2.start();
  port1.start();
  return port1 as unknown as AssemblyPort;
}

/** A port the test answers by hand. */
function manualPort() {
  const sent: AssemblyRequest[] = [];
  const target = new EventTarget();
  const port: AssemblyPort = {
    postMessage: (message) => void sent.push(message),
    addEventListener: (type, listener) => target.addEventListener(type, listener),
    removeEventListener: (type, listener) => target.removeEventListener(type, listener),
  };
  const reply = (data: AssemblyReply) =>
    target.dispatchEvent(new MessageEvent('message', { data }));
  const fail = () => target.dispatchEvent(new Event('error'));
  return { port, sent, reply, fail };
}

const segment = (value: number, length = 1000) => new Uint8Array(length).fill(value);
const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

describe('the Blob worker', () => {
  it('gathers the chunks in order, moving their buffers without a copy', async () => {
    const assembler = workerAssembler(channel());
    const chunks = Array.from({ length: 40 }, (_, i) => segment(i, 100 + i));
    for (const chunk of chunks) await assembler.add(chunk);
    expect(chunks.every((chunk) => chunk.length === 0)).toBe(true); // transferred
    const blob = await assembler.finish('application/octet-stream');
    expect(blob.type).toBe('application/octet-stream');
    const expected = Array.from({ length: 40 }, (_, i) => Array(100 + i).fill(i)).flat();
    expect([...(await bytesOf(blob))]).toEqual(expected);
  });

  it('sends only the bytes of a chunk that is a view', async () => {
    const assembler = workerAssembler(channel());
    await assembler.add(new Uint8Array([9, 1, 2, 3, 9]).subarray(1, 4));
    expect([...(await bytesOf(await assembler.finish('')))]).toEqual([1, 2, 3]);
  });

  it('keeps two assemblies on one worker apart', async () => {
    const port = channel();
    const a = workerAssembler(port);
    const b = workerAssembler(port);
    await a.add(segment(1, 3));
    await b.add(segment(2, 2));
    await a.add(segment(3, 1));
    const [blobA, blobB] = await Promise.all([a.finish(''), b.finish('')]);
    expect([...(await bytesOf(blobA))]).toEqual([1, 1, 1, 3]);
    expect([...(await bytesOf(blobB))]).toEqual([2, 2]);
  });

  it('holds back a chunk while maxPending are unanswered', async () => {
    const { port, sent, reply } = manualPort();
    const assembler = workerAssembler(port);
    for (let i = 0; i < maxPending; i++) await assembler.add(segment(i));
    let added = false;
    const adding = Promise.resolve(assembler.add(segment(99))).then(() => (added = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(added).toBe(false);
    expect(sent).toHaveLength(maxPending);
    reply({ id: sent[0]!.id, added: true });
    await adding;
    expect(sent).toHaveLength(maxPending + 1);
  });

  it('rejects what waits, and every later call, when the worker fails', async () => {
    const { port, reply, fail, sent } = manualPort();
    const assembler = workerAssembler(port);
    for (let i = 0; i < maxPending; i++) await assembler.add(segment(i));
    const waiting = assembler.add(segment(99));
    fail();
    await expect(waiting).rejects.toThrow('The Blob worker stopped');
    await expect(assembler.finish('')).rejects.toThrow('The Blob worker stopped');

    const other = workerAssembler(port);
    const finishing = other.finish('');
    reply({ id: (sent.at(-1) as { id: number }).id, error: 'RangeError: out of memory' });
    await expect(finishing).rejects.toThrow('out of memory');
  });

  it('drops everything gathered on abort', async () => {
    const { port, sent } = manualPort();
    const assembler = workerAssembler(port);
    await assembler.add(segment(1));
    assembler.abort();
    expect(sent.at(-1)).toEqual({ id: sent[0]!.id, abort: true });
    await expect(assembler.add(segment(2))).rejects.toThrow();
  });
});
