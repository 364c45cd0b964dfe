import { rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { missingSwiftPackages, startSwift, type SwiftServer } from '../../../../scripts/swift.mjs';

/** Where the run's Swift is, once it has started, or why it could not start. */
export type SwiftState =
  | { ok: true; endpoint: string; region: string; accessKeyId: string; secretAccessKey: string }
  | { ok: false; error: string };

/** What startS3Server is told: a file that will hold the SwiftState, or to use s3rver. */
export type ProvidedS3 = { kind: 'swift'; stateFile: string } | { kind: 's3rver' };

declare module 'vitest' {
  export interface ProvidedContext {
    s3Server: ProvidedS3;
  }
}

interface Shared {
  users: number;
  provided: ProvidedS3;
  started?: Promise<SwiftServer | null>;
  /** Gives up a start still under way when the run ends first (no suite needed S3). */
  giveUp?: AbortController;
}

// Both server projects (one worker and two) load this file, each through its own module
// graph: the one Swift of the run is kept on the main process's global object.
const key = Symbol.for('codedrop.test.swift');
const registry = globalThis as { [key]?: Shared };

/**
 * Vitest globalSetup: one OpenStack Swift for the whole run, with a bucket per suite. It
 * starts in the background, so suites that need no S3 do not wait for it. Without the
 * Swift packages, CI fails here; a local run warns and falls back to s3rver.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const shared = (registry[key] ??= begin());
  shared.users += 1;
  project.provide('s3Server', shared.provided);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete registry[key];
    shared.giveUp?.abort();
    const swift = await shared.started;
    await swift?.stop();
    if (shared.provided.kind === 'swift') await rm(shared.provided.stateFile, { force: true });
  };
}

function begin(): Shared {
  const missing = missingSwiftPackages();
  if (missing.length > 0) {
    const message = `OpenStack Swift is not installed (missing ${missing.join(', ')})`;
    if (process.env['CI'] === 'true') throw new Error(`${message}: CI runs the S3 suites on it`);
    console.warn(`${message}: the S3 suites run on s3rver instead`);
    return { users: 0, provided: { kind: 's3rver' } };
  }
  const stateFile = join(tmpdir(), `codedrop-swift-${process.pid}-${Date.now()}.json`);
  const publish = async (state: SwiftState) => {
    // Renamed into place, so a reader never sees half a file.
    await writeFile(`${stateFile}.part`, JSON.stringify(state));
    await rename(`${stateFile}.part`, stateFile);
  };
  const giveUp = new AbortController();
  const started = startSwift({ signal: giveUp.signal }).then(
    async (swift) => {
      const { endpoint, region, accessKeyId, secretAccessKey } = swift;
      await publish({ ok: true, endpoint, region, accessKeyId, secretAccessKey });
      return swift;
    },
    async (error: unknown) => {
      await publish({ ok: false, error: error instanceof Error ? error.message : String(error) });
      return null;
    },
  );
  return { users: 0, provided: { kind: 'swift', stateFile }, started, giveUp };
}
