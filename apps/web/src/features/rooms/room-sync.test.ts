import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoomSync, type EditAnswer, type IncomingText } from './room-sync';

const me = 'device-me';
const other = 'device-other';

/** A sync whose edits the test answers one by one. */
function setup() {
  const sent: { text: string; baseVersion: number; answer: (answer: EditAnswer) => void }[] = [];
  const shown: string[] = [];
  const pending: boolean[] = [];
  const onOvertaken = vi.fn();
  const sync = createRoomSync({
    device: me,
    send: (text, baseVersion) =>
      new Promise<EditAnswer>((resolve) => sent.push({ text, baseVersion, answer: resolve })),
    onText: (text) => shown.push(text),
    onOvertaken,
    onPending: (now) => pending.push(now),
  });
  /** Answers the oldest edit not answered yet and lets its promise settle. */
  const answer = async (index: number, result: EditAnswer) => {
    sent[index]!.answer(result);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { sync, sent, shown, pending, onOvertaken, answer };
}

const text = (version: number, baseVersion: number, device: string | null, value: string) =>
  ({ version, baseVersion, device, text: value }) satisfies IncomingText;
const stored = (version: number, overtook = false): EditAnswer => ({ ok: true, version, overtook });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createRoomSync', () => {
  it("shows the room's text and every other device's edit while nothing is typed here", () => {
    const { sync, shown } = setup();
    // The text is empty to begin with: nothing to change.
    sync.receive(text(0, 0, null, ''));
    expect(shown).toEqual([]);
    sync.receive(text(1, 0, other, 'first'));
    sync.receive(text(2, 1, other, 'second'));
    expect(shown).toEqual(['first', 'second']);
    expect(sync).toMatchObject({ text: 'second', serverVersion: 2, baseVersion: 2 });
  });

  it('ignores a text it already has, or an older one', () => {
    const { sync, shown } = setup();
    sync.receive(text(3, 2, other, 'three'));
    sync.receive(text(3, 2, other, 'three'));
    sync.receive(text(2, 1, other, 'two'));
    expect(shown).toEqual(['three']);
  });

  it('sends the whole text at once, based on the version it was typed on', () => {
    const { sync, sent } = setup();
    sync.receive(text(4, 3, other, 'abc'));
    sync.type('abcd');
    expect(sent.map(({ text, baseVersion }) => ({ text, baseVersion }))).toEqual([
      { text: 'abcd', baseVersion: 4 },
    ]);
    expect(sync.pending).toBe(true);
  });

  it('keeps one edit on its way and sends what was typed meanwhile as soon as it is answered', async () => {
    const { sync, sent, answer, pending } = setup();
    sync.receive(text(0, 0, null, ''));
    sync.type('a');
    sync.type('ab');
    sync.type('abc');
    expect(sent).toHaveLength(1);
    await answer(0, stored(1));
    // The interval between two edits has already passed: no waiting.
    await vi.advanceTimersByTimeAsync(50);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ text: 'abc', baseVersion: 1 });
    await answer(1, stored(2));
    expect(sync).toMatchObject({ pending: false, baseVersion: 2, serverVersion: 2 });
    expect(pending).toEqual([true, false]);
  });

  it('waits no more than the shortest interval between two edits', async () => {
    const { sync, sent, answer } = setup();
    sync.type('a');
    await answer(0, stored(1));
    sync.type('ab');
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(50);
    expect(sent).toHaveLength(2);
  });

  it('takes its own edit from the stream without showing it again', async () => {
    const { sync, shown, answer } = setup();
    sync.receive(text(0, 0, null, ''));
    sync.type('mine');
    // The stream may bring the edit before its answer comes.
    sync.receive(text(1, 0, me, 'mine'));
    await answer(0, stored(1));
    expect(shown).toEqual([]);
    expect(sync).toMatchObject({ text: 'mine', baseVersion: 1, serverVersion: 1 });
  });

  it("keeps what is typed here over another device's edit, and sends it after", async () => {
    const { sync, sent, shown, answer, onOvertaken } = setup();
    sync.receive(text(0, 0, null, ''));
    sync.type('mine');
    sync.type('mine, more');
    sync.receive(text(1, 0, other, 'theirs'));
    expect(shown).toEqual([]);
    expect(sync.text).toBe('mine, more');
    // Stored after theirs: it replaced a version this device had not seen.
    await answer(0, stored(2, true));
    await vi.advanceTimersByTimeAsync(50);
    expect(sent[1]).toMatchObject({ text: 'mine, more', baseVersion: 2 });
    expect(onOvertaken).not.toHaveBeenCalled();
  });

  it('shows a later edit of another device that came while its own was on its way', async () => {
    const { sync, shown, answer, onOvertaken } = setup();
    sync.receive(text(0, 0, null, ''));
    sync.type('mine');
    // Stored after this device's (version 1), by a device that had seen it.
    sync.receive(text(2, 1, other, 'theirs, after mine'));
    await answer(0, stored(1));
    expect(shown).toEqual(['theirs, after mine']);
    expect(sync).toMatchObject({ baseVersion: 2, pending: false });
    expect(onOvertaken).not.toHaveBeenCalled();
  });

  it('says when another device replaced its stored edit without having seen it', async () => {
    const { sync, shown, answer, onOvertaken } = setup();
    sync.receive(text(3, 2, other, 'old'));
    sync.type('mine');
    await answer(0, stored(4));
    sync.receive(text(5, 3, other, 'newer, based on old'));
    expect(onOvertaken).toHaveBeenCalledTimes(1);
    expect(shown).toEqual(['old', 'newer, based on old']);
    expect(sync.baseVersion).toBe(5);
    // Once replaced, later edits replace the other device's text, not this one's.
    sync.receive(text(6, 2, 'device-third', 'third'));
    expect(onOvertaken).toHaveBeenCalledTimes(1);
  });

  it('says so too when the overtaking edit came while its own was on its way', async () => {
    const { sync, shown, answer, onOvertaken } = setup();
    sync.receive(text(3, 2, other, 'old'));
    sync.type('mine');
    sync.receive(text(5, 3, other, 'theirs'));
    await answer(0, stored(4));
    expect(onOvertaken).toHaveBeenCalledTimes(1);
    expect(shown).toEqual(['old', 'theirs']);
  });

  it('says nothing when the other device had seen its edit', async () => {
    const { sync, answer, onOvertaken } = setup();
    sync.receive(text(3, 2, other, 'old'));
    sync.type('mine');
    await answer(0, stored(4));
    sync.receive(text(5, 4, other, 'mine, edited there'));
    expect(onOvertaken).not.toHaveBeenCalled();
  });

  it('sends again after a failure, when it is told to and when the text changes', async () => {
    const { sync, sent, answer } = setup();
    sync.type('a');
    await answer(0, { ok: false, retryInMs: 2_000 });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent[1]).toMatchObject({ text: 'a' });
    await answer(1, { ok: false, retryInMs: null });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(2);
    expect(sync.pending).toBe(true);
    sync.type('ab');
    expect(sent[2]).toMatchObject({ text: 'ab' });
  });

  it('keeps an unsent text over incoming ones after a failure', async () => {
    const { sync, shown, answer } = setup();
    sync.type('mine');
    await answer(0, { ok: false, retryInMs: null });
    sync.receive(text(1, 0, other, 'theirs'));
    expect(shown).toEqual([]);
    expect(sync.text).toBe('mine');
  });

  it('sends and takes nothing once stopped', async () => {
    const { sync, sent, shown, answer } = setup();
    sync.type('a');
    sync.type('ab');
    sync.stop();
    await answer(0, stored(1));
    await vi.advanceTimersByTimeAsync(100);
    sync.type('abc');
    sync.receive(text(5, 4, other, 'theirs'));
    expect(sent).toHaveLength(1);
    expect(shown).toEqual([]);
  });
});
