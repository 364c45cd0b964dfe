import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { MailUnavailableError, type Mailer } from './port.js';

/**
 * The single-machine default: each message is rendered as a standard .eml file in
 * DATA_DIR/outbox (open it with any mail client), and its file name is logged.
 */
export function createOutboxMailer(options: {
  dir: string;
  from: string;
  onSaved?: (file: string) => void;
}): Mailer {
  const render = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    kind: 'outbox',
    async send(message) {
      try {
        const info = await render.sendMail({ from: options.from, ...message });
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
    async close() {
      render.close();
    },
  };
}
