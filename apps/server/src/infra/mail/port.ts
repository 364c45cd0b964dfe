export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail; rejects with MailUnavailableError when the message could not be handed over. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  /** Deletes kept copies older than a day (the outbox's .eml files); returns how many. */
  sweep?(now: Date): Promise<number>;
  close(): Promise<void>;
}

export class MailUnavailableError extends Error {
  override readonly name = 'MailUnavailableError';
}
