import { createHook } from 'node:async_hooks';

/**
 * One entry of Node's `process.nextTick` queue, kept for the life of the process so that
 * every request keeps nextTick on V8's fast path. server.ts imports this module first.
 *
 * nextTick builds each entry with an object literal whose first keys are computed symbols.
 * V8 gives such a definition site one map or none: the first time it sees a second map for
 * the object being built, the site turns megamorphic for good, and every later entry takes
 * V8's runtime path instead of a few stores. The maps an entry passes through while it is
 * built have no holder but live entries, so a full garbage collection at a moment with no
 * tick queued (the quiet moment after a large app has started, say) frees them and the next
 * tick makes new ones. nextTick runs several times per HTTP request; with its sites
 * megamorphic it was a visible share of the server's CPU on `GET /api/config`
 * (docs/benchmarks.md).
 * A kept entry keeps its map alive and, through the map's back pointers, the maps before it.
 *
 * The entry is taken from the async_hooks `init` event that nextTick emits while a hook is
 * on; the hook is on only for that one call.
 */
function takeTickObject(): object | undefined {
  let entry: object | undefined;
  try {
    const hook = createHook({
      init(_asyncId, type, _triggerAsyncId, resource) {
        if (type === 'TickObject') entry = resource;
      },
    });
    hook.enable();
    try {
      process.nextTick(() => {});
    } finally {
      hook.disable();
    }
  } catch {
    // A runtime without async_hooks' init event: nothing is kept, and nothing else changes.
  }
  return entry;
}

/** The kept entry (undefined where a runtime emits no TickObject). */
export const keptTickObject = takeTickObject();
