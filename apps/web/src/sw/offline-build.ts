/** What the build tells the service worker (service-worker-plugin.ts). */
export interface OfflineBuild {
  /** Changes whenever any file the worker keeps changes: it names the worker's caches. */
  version: string;
  /** The files every page needs, and the tools' own chunks: kept when the worker installs. */
  shell: string[];
  /** Each language's message catalog chunks, kept once a page in that language asks. */
  catalogs: Record<string, string[]>;
}
