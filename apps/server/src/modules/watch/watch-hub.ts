import type { ShareState } from '@codedrop/contract';
import type { Bus } from '../../infra/bus/port.js';

/** One creator's stream of their share's state. */
export interface Watcher {
  readonly code: string;
  /** The state now; null when the row is gone. */
  send(state: ShareState | null): void;
  /** This server stops: the stream ends without a final state, and the page reconnects. */
  end(): void;
}

interface Signal {
  o: string;
  k: 'w';
  c: string;
}

function parseSignal(text: string): Signal | null {
  try {
    const signal = JSON.parse(text) as Partial<Signal>;
    if (signal.k === 'w' && typeof signal.o === 'string' && typeof signal.c === 'string') {
      return signal as Signal;
    }
  } catch {
    // Not ours.
  }
  return null;
}

export interface WatchHubDeps {
  bus: Bus;
  /** This process, told apart from the others on the bus. */
  origin: string;
  load(code: string): Promise<ShareState | null>;
  onError(error: unknown): void;
}

/**
 * The creators' streams of this process by code. A change made here is read again for this
 * process's watchers of that code, and signalled to the others, which read it again for
 * theirs; one read at a time per code, and once more if asked meanwhile, so the last state
 * sent was read after the last change.
 */
export function createWatchHub(deps: WatchHubDeps) {
  const watched = new Map<string, Set<Watcher>>();
  const reading = new Map<string, boolean>();

  function refresh(code: string): void {
    if (!watched.has(code)) return;
    if (reading.has(code)) {
      reading.set(code, true);
      return;
    }
    reading.set(code, false);
    deps
      .load(code)
      .then((state) => {
        for (const watcher of [...(watched.get(code) ?? [])]) watcher.send(state);
      })
      .catch(deps.onError)
      .finally(() => {
        const again = reading.get(code) === true;
        reading.delete(code);
        if (again) refresh(code);
      });
  }

  deps.bus.listen({
    message(text) {
      const signal = parseSignal(text);
      if (signal !== null && signal.o !== deps.origin) refresh(signal.c);
    },
    resync() {
      for (const code of watched.keys()) refresh(code);
    },
  });

  return {
    add(watcher: Watcher) {
      let set = watched.get(watcher.code);
      if (set === undefined) watched.set(watcher.code, (set = new Set()));
      set.add(watcher);
    },
    remove(watcher: Watcher) {
      const set = watched.get(watcher.code);
      set?.delete(watcher);
      if (set?.size === 0) watched.delete(watcher.code);
    },
    /** Reads the state again for this process's watchers only. */
    refresh,
    /** The share's state changed through this process. */
    changed(code: string) {
      refresh(code);
      const signal: Signal = { o: deps.origin, k: 'w', c: code };
      deps.bus.publish(JSON.stringify(signal)).catch(deps.onError);
    },
    endAll() {
      for (const set of [...watched.values()]) for (const watcher of [...set]) watcher.end();
      watched.clear();
    },
  };
}

export type WatchHub = ReturnType<typeof createWatchHub>;
