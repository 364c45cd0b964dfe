import nodemailer from 'nodemailer';
import { MailUnavailableError, type Mailer } from './port.js';

/** SMTP through nodemailer (SMTP_URL, e.g. smtp://user:pass@mail.example:587). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  // Bounded timeouts: a recovery request must fail visibly, not hang, when mail is down.
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({ from: options.from, ...message });
      } catch (error) {
        throw new MailUnavailableError('The mail server did not accept the message', {
          cause: error,
        });
      }
    },
    async close() {
      transport.close();
    },
  };
}
