import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import { MailUnavailableError, type Mailer } from './port.js';

/** How long a written message stays in the outbox. */
export const outboxKeepMs = 24 * 3600 * 1000;

/**
 * The single-machine default: each message is rendered as a standard .eml file in
 * DATA_DIR/outbox (open it with any mail client), and its file name is logged. The
 * sweeper deletes messages a day after they were written.
 */
export function createOutboxMailer(options: {
  dir: string;
  from: string;
  onSaved?: (file: string) => void;
}): Mailer {
  // nodemailer renders the messages. It is imported with the first one, so that a server
  // that never sends mail does not load it (docs/design.md#start-up).
  let render: Promise<Transporter> | undefined;
  const renderer = () =>
    (render ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  return {
    kind: 'outbox',
    async send(message) {
      try {
        const info = await (await renderer()).sendMail({ from: options.from, ...message });
        await mkdir(options.dir, { recursive: true, mode: 0o700 });
        const file = join(options.dir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
        await writeFile(file, info.message as Buffer, { mode: 0o600 });
        options.onSaved?.(file);
      } catch (error) {
        throw new MailUnavailableError('Could not write the message to the outbox', {
          cause: error,
        });
      }
    },
    // A recovery mail holds a password in clear: it is kept long enough to be read, no more.
    async sweep(now) {
      let names: string[];
      try {
        names = await readdir(options.dir);
      } catch {
        return 0;
      }
      let removed = 0;
      for (const name of names.filter((n) => n.endsWith('.eml'))) {
        const file = join(options.dir, name);
        const info = await stat(file).catch(() => null);
        if (info === null || now.getTime() - info.mtimeMs < outboxKeepMs) continue;
        await rm(file, { force: true });
        removed++;
      }
      return removed;
    },
    async close() {
      (await render)?.close();
    },
  };
}
