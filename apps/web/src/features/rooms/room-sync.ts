/** A `text` event of the room, its text already opened. */
export interface IncomingText {
  version: number;
  baseVersion: number;
  /** The device whose edit it is; null for the text the room was created with. */
  device: string | null;
  text: string;
}

/** What became of one edit sent. */
export type EditAnswer =
  | { ok: true; version: number; overtook: boolean }
  /** Not stored: sent again after `retryInMs`, or (null) only once the text changes again. */
  | { ok: false; retryInMs: number | null };

export interface RoomSyncOptions {
  /** This page's device id: its own edits come back from the stream marked with it. */
  device: string;
  /** Stores the whole text as based on `baseVersion`. */
  send: (text: string, baseVersion: number) => Promise<EditAnswer>;
  /** Another device's text, to show in place of this one's. */
  onText: (text: string) => void;
  /** Another device replaced this one's last edit without having seen it. */
  onOvertaken: () => void;
  /** Whether something typed here is not yet stored. */
  onPending?: (pending: boolean) => void;
  /**
   * The shortest time between two edits sent: typing sends as it goes (one edit on its way
   * at a time), in steps no closer than this, well under the server's rate limit.
   */
  minIntervalMs?: number;
}

export interface RoomSync {
  /** The visitor changed the text: `text` is all of it now. */
  type: (text: string) => void;
  /** A `text` event from the stream. */
  receive: (event: IncomingText) => void;
  /** The room ended: nothing more is sent. */
  stop: () => void;
  readonly text: string;
  /** The newest version seen, from the stream or an edit's answer; -1 before any. */
  readonly serverVersion: number;
  /** The version the text here is based on. */
  readonly baseVersion: number;
  /** Typed here and not yet stored: unsent, or on its way. */
  readonly pending: boolean;
}

/**
 * One device's side of a live room (docs/product.md#live-rooms). Every edit is the whole
 * text and the last complete edit wins: a text typed here is sent as soon as the edit
 * before it is answered, and another device's text replaces this one's only while nothing
 * typed here is waiting, or else this one's, sent after it, replaces it everywhere.
 */
export function createRoomSync(options: RoomSyncOptions): RoomSync {
  const { device } = options;
  const minIntervalMs = options.minIntervalMs ?? 50;
  let text = '';
  let serverVersion = -1;
  let baseVersion = 0;
  /** Typed since the last edit was sent. */
  let unsent = false;
  let inFlight = false;
  /** The version of this device's last stored edit, while it is still the text shown. */
  let ownVersion: number | null = null;
  /** The newest text the room has had, as far as this device knows. */
  let latest: IncomingText | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSentAt = -Infinity;
  let stopped = false;
  let wasPending = false;

  const pending = () => unsent || inFlight;
  const tellPending = () => {
    const now = pending();
    if (now !== wasPending) {
      wasPending = now;
      options.onPending?.(now);
    }
  };

  /** Shows another device's text; says so if it replaced this one's edit unseen. */
  function adopt(event: IncomingText) {
    const overtaken = ownVersion !== null && event.baseVersion < ownVersion;
    ownVersion = null;
    baseVersion = event.version;
    if (event.text !== text) {
      text = event.text;
      options.onText(text);
    }
    if (overtaken) options.onOvertaken();
  }

  function schedule(delayMs = 0) {
    if (stopped || inFlight || timer !== undefined || !unsent) return;
    const wait = Math.max(delayMs, lastSentAt + minIntervalMs - Date.now());
    if (wait <= 0) {
      flush();
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      flush();
    }, wait);
  }

  function flush() {
    if (stopped || inFlight || !unsent) return;
    const sent = { text, baseVersion };
    unsent = false;
    inFlight = true;
    lastSentAt = Date.now();
    options.send(sent.text, sent.baseVersion).then(
      (answer) => answered(answer, sent),
      () => answered({ ok: false, retryInMs: 2_000 }, sent),
    );
  }

  function answered(answer: EditAnswer, sent: { text: string; baseVersion: number }) {
    inFlight = false;
    if (stopped) return;
    if (!answer.ok) {
      // What was sent is still to be stored (with whatever was typed since).
      unsent = true;
      tellPending();
      if (answer.retryInMs !== null) schedule(answer.retryInMs);
      return;
    }
    const { version } = answer;
    ownVersion = version;
    if (version > serverVersion) {
      serverVersion = version;
      latest = { version, baseVersion: sent.baseVersion, device, text: sent.text };
    }
    if (unsent) {
      // Typed on top of the text just stored: the next edit is based on it.
      baseVersion = version;
      schedule();
    } else if (latest !== null && latest.version > version && latest.device !== device) {
      // Another device's edit was stored after this one, while this one was on its way.
      adopt(latest);
    } else {
      baseVersion = version;
    }
    tellPending();
  }

  return {
    type(next) {
      if (stopped || next === text) return;
      text = next;
      unsent = true;
      tellPending();
      schedule();
    },

    receive(event) {
      if (stopped || event.version <= serverVersion) return;
      serverVersion = event.version;
      latest = event;
      if (event.device === device) {
        // This device's own edit: its answer (or the idle state) settles the versions.
        if (!pending()) {
          baseVersion = event.version;
          ownVersion = event.version;
        }
        return;
      }
      // Typed here and waiting: it is sent after this text and wins.
      if (pending()) return;
      adopt(event);
    },

    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },

    get text() {
      return text;
    },
    get serverVersion() {
      return serverVersion;
    },
    get baseVersion() {
      return baseVersion;
    },
    get pending() {
      return pending();
    },
  };
}
