import type { ApiClient } from '../api/client.js';
import { terminalQr } from '../terminal/qr.js';

/** What a create answered, as `send` reports it. */
export interface Created {
  code: string;
  expiresAt: string;
  deleteToken: string;
  /** File shares: each file's name and plaintext size, in upload order. */
  files?: { name: string; size: number }[];
}

/** The result: JSON for scripts, or the code, link, expiry and delete token (and a QR code). */
export function printCreated(api: ApiClient, created: Created, json: boolean): void {
  const link = api.link(created.code);
  if (json) {
    const { code, deleteToken, expiresAt, files } = created;
    const result = { code, link, deleteToken, expiresAt, ...(files ? { files } : {}) };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  const expires = new Date(created.expiresAt).toLocaleString();
  const lines = [
    `Code:         ${created.code}`,
    `Link:         ${link}`,
    `Expires:      ${expires}`,
    `Delete token: ${created.deleteToken}`,
  ];
  let out = `${lines.join('\n')}\n`;
  // A code to scan only for a person looking at a terminal, never into a pipe or a file.
  if (process.stdout.isTTY) out += `\n${terminalQr(link)}`;
  process.stdout.write(out);
}
