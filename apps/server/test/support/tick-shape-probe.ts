// Run by keep-tick-object-shape.test.ts as its own process with --allow-natives-syntax and
// --expose-gc: queues ticks of every kind the server does until V8 has optimised nextTick,
// lets the queue drain, collects garbage fully, and prints whether a tick queued now is
// still built with the kept entry's map.
import { keptTickObject } from '../../src/http/keep-tick-object-shape.js';
import { createHook } from 'node:async_hooks';
import { setImmediate as nextLoop } from 'node:timers/promises';

// V8's own check, reachable only through code compiled at run time.
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
  a: object,
  b: object,
) => boolean;
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc');

function tickObjectNow(): object | undefined {
  let entry: object | undefined;
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TickObject') entry = resource;
    },
  }).enable();
  process.nextTick(() => {});
  hook.disable();
  return entry;
}

const noop = (..._args: unknown[]) => {};
for (let round = 0; round < 200; round++) {
  for (let i = 0; i < 200; i++) {
    process.nextTick(noop);
    process.nextTick(noop, i);
    process.nextTick(noop, { i }, 'two');
    process.nextTick(noop.bind(null), i / 3, i, i);
  }
  await nextLoop();
}
await nextLoop();
gc();
gc();
const fresh = tickObjectNow();
console.log(
  JSON.stringify({
    kept: keptTickObject !== undefined && 'callback' in keptTickObject,
    sameMap:
      keptTickObject !== undefined && fresh !== undefined && haveSameMap(keptTickObject, fresh),
  }),
);
