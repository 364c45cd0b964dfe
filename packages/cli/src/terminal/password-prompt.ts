import { openSync } from 'node:fs';
import { ReadStream, WriteStream } from 'node:tty';
import { messages } from '@codedrop/contract';
import { CliError, InterruptedError } from '../cli-errors.js';

interface Terminal {
  input: ReadStream;
  output: WriteStream;
  close(): void;
}

/**
 * Someone is at a terminal when stdin or stderr is one. Standard input alone would not do:
 * `echo text | codedrop send - -p` pipes its input and still has a person to ask.
 */
export function canPrompt(): boolean {
  return process.stdin.isTTY === true || process.stderr.isTTY === true;
}

/** The controlling terminal itself, so a prompt works while stdin is a pipe. */
function openTerminal(): Terminal {
  try {
    const fd = openSync('/dev/tty', 'r+');
    const input = new ReadStream(fd);
    const output = new WriteStream(fd);
    return { input, output, close: () => input.destroy() };
  } catch {
    // No /dev/tty (Windows, or no controlling terminal): stdin, if it is a terminal.
    if (!process.stdin.isTTY) {
      throw new CliError('no terminal to ask for the password on: pass --password');
    }
    return {
      input: process.stdin as ReadStream,
      output: process.stderr as WriteStream,
      close: () => process.stdin.pause(),
    };
  }
}

/** Reads one line without echoing it; Ctrl-C interrupts, Backspace erases. */
export async function readSecret(question: string): Promise<string> {
  const terminal = openTerminal();
  const { input, output } = terminal;
  output.write(question);
  input.setRawMode(true);
  input.setEncoding('utf8');
  input.resume();
  try {
    return await new Promise<string>((resolve, reject) => {
      let typed = '';
      input.on('data', (chunk: string) => {
        for (const char of chunk) {
          if (char === '\r' || char === '\n') return resolve(typed);
          if (char === '\u0003') return reject(new InterruptedError());
          if (char === '\u0004' && typed === '') return reject(new InterruptedError());
          if (char === '\u007f' || char === '\b') typed = Array.from(typed).slice(0, -1).join('');
          else if (char >= ' ') typed += char;
        }
      });
    });
  } finally {
    input.setRawMode(false);
    input.removeAllListeners('data');
    output.write('\n');
    terminal.close();
  }
}

/** A new password for encrypting: asked twice so a typo cannot lock the share for good. */
export async function askNewPassword(): Promise<string> {
  const password = await readSecret('Password: ');
  if (password === '') throw new CliError(messages.passwordRequired);
  const again = await readSecret('Repeat password: ');
  if (again !== password) throw new CliError('the two passwords do not match');
  return password;
}

/** The password of a protected share (or a request): --password, else asked on the terminal. */
export async function passwordForShare(
  option: string | undefined,
  what: 'share' | 'request' = 'share',
): Promise<string> {
  if (option !== undefined) return option;
  if (!canPrompt()) {
    throw new CliError(`this ${what} is password protected: pass --password PASSWORD`);
  }
  const password = await readSecret('Password: ');
  if (password === '') throw new CliError(`this ${what} is password protected: no password given`);
  return password;
}
