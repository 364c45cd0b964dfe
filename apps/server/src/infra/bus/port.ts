// What modules may use of the message bus: one channel of small text messages, seen by
// every process of every instance (this one's own messages may come back; the listener
// tells them apart). Delivery is at most once: a listener that was cut off hears `resync`
// when it is back, and reads again what it may have missed.

export interface Bus {
  readonly kind: 'memory' | 'cluster' | 'redis' | 'postgres';
  /** Sends `message` (at most a few hundred bytes) to every process listening. */
  publish(message: string): Promise<void>;
  /** Every message from any process, and `resync` after a gap in delivery. */
  listen(listener: BusListener): void;
  close(): Promise<void>;
}

export interface BusListener {
  message(text: string): void;
  /** The connection that delivers messages was lost and is back: some may be missed. */
  resync(): void;
}
