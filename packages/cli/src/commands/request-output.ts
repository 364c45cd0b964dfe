import type { CreateRequestResponse, RequestAccepts } from '@codedrop/contract';
import type { ApiClient } from '../api/client.js';
import { terminalQr } from '../terminal/qr.js';

export interface CreatedRequest extends CreateRequestResponse {
  accepts: RequestAccepts;
  maxSubmissions: number;
}

const acceptedWords = ({ files, text }: RequestAccepts) =>
  files && text ? 'files and text' : files ? 'files' : 'text';

/** How a sender in a terminal sends to it: files if it takes files, else text on stdin. */
const sendHint = ({ code, accepts }: CreatedRequest) =>
  accepts.files ? `codedrop send --to ${code} FILE…` : `echo TEXT | codedrop send --to ${code}`;

/**
 * What the asker needs: the code and link to hand out, the delete token to end it early, and
 * how to pick up (JSON for scripts). The password is never printed: the asker typed it.
 */
export function printCreatedRequest(api: ApiClient, created: CreatedRequest, json: boolean) {
  const link = api.link(created.code);
  const pickup = `codedrop get ${created.code}`;
  if (json) {
    const { code, deleteToken, expiresAt, accepts, maxSubmissions } = created;
    const result = { code, link, deleteToken, expiresAt, accepts, maxSubmissions, pickup };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  const lines = [
    `Code:         ${created.code}`,
    `Link:         ${link}`,
    `Takes:        ${acceptedWords(created.accepts)}, up to ${created.maxSubmissions} submissions`,
    `Expires:      ${new Date(created.expiresAt).toLocaleString()}`,
    `Delete token: ${created.deleteToken}`,
    '',
    `Anyone with the link or the code can send to it: ${sendHint(created)}`,
    `Pick up with your password: ${pickup}`,
  ];
  let out = `${lines.join('\n')}\n`;
  // A code to scan only for a person looking at a terminal, never into a pipe or a file.
  if (process.stdout.isTTY) out += `\n${terminalQr(link)}`;
  process.stdout.write(out);
}
