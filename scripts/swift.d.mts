// Types of scripts/swift.mjs for the TypeScript test setup that imports it.

export interface SwiftServer {
  /** The S3 endpoint (path-style), http://127.0.0.1:<port>. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Configuration, data and logs (log/<server>.log). */
  dir: string;
  /** Creates a bucket; one that already exists and is ours counts as created. */
  createBucket(name: string): Promise<void>;
  /** Stops every Swift process; removes the directory when startSwift made it. */
  stop(): Promise<void>;
}

/** `signal` gives up a start still under way (it rejects, having stopped what it started). */
export function startSwift(options?: {
  dir?: string;
  port?: number;
  signal?: AbortSignal;
}): Promise<SwiftServer>;

/** The Debian packages Swift needs that are not installed (empty when it can run). */
export function missingSwiftPackages(): string[];
