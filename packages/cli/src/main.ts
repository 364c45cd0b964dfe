import { messages } from '@codedrop/contract';
import { isDecryptionError } from '@codedrop/crypto';
import { rmSync } from 'node:fs';
import { CliError, UsageError } from './cli-errors.js';
import { runDelete } from './commands/delete.js';
import { runGet } from './commands/get.js';
import { runRequest } from './commands/request.js';
import { runSend } from './commands/send.js';
import { unfinishedFiles } from './download/write-file.js';
import { deleteUsage, getUsage, mainUsage, requestUsage, sendUsage } from './usage.js';

/** Set by the bundler from package.json. */
declare const CODEDROP_VERSION: string;

const commands: Record<string, (args: string[]) => Promise<void>> = {
  send: runSend,
  get: runGet,
  delete: runDelete,
  request: runRequest,
};
const helpTexts: Record<string, string> = {
  send: sendUsage,
  get: getUsage,
  delete: deleteUsage,
  request: requestUsage,
};

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    process.stdout.write(mainUsage);
    return;
  }
  if (name === 'help') {
    process.stdout.write(helpTexts[rest[0] ?? ''] ?? mainUsage);
    return;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${CODEDROP_VERSION}\n`);
    return;
  }
  const command = commands[name];
  if (command === undefined) {
    throw new UsageError(`unknown command "${name}" (see codedrop --help)`);
  }
  await command(rest);
}

/** One line on stderr, as the API or the check worded it, and the exit code that goes with it. */
function report(error: unknown): number {
  let message: string;
  let exitCode = 1;
  if (error instanceof CliError) {
    message = error.message;
    exitCode = error.exitCode;
  } else if (isDecryptionError(error)) {
    message = messages.decryptFailed;
  } else {
    message = error instanceof Error ? error.message : String(error);
    if (process.env.CODEDROP_DEBUG && error instanceof Error) message = error.stack ?? message;
  }
  process.stderr.write(`codedrop: ${message}\n`);
  return exitCode;
}

// Ctrl-C during a download: no half-written part file (or a request's part folder) is left behind.
process.once('SIGINT', () => {
  for (const path of unfinishedFiles) rmSync(path, { force: true, recursive: true });
  process.stderr.write('\ncodedrop: interrupted\n');
  process.exit(130);
});

// For the memory tests: the peak resident set size, in KiB, as the process ends.
if (process.env.CODEDROP_DEBUG_RSS) {
  process.once('exit', () => {
    process.stderr.write(`codedrop: maxRSS ${process.resourceUsage().maxRSS} KiB\n`);
  });
}

main(process.argv.slice(2)).then(
  () => {
    process.exitCode = 0;
  },
  (error: unknown) => {
    process.exitCode = report(error);
  },
);
