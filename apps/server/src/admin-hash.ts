import { hashPassword } from './modules/moderation/admin-password.js';

/**
 * `npm run admin:hash -- PASSWORD` prints the ADMIN_PASSWORD_HASH for PASSWORD; without
 * the argument the password is read from standard input (kept out of the shell's history):
 * `npm run admin:hash < password.txt`, or typed and ended with Ctrl-D.
 */
async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password (end with Ctrl-D): ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // One trailing newline is the end of the line typed or the file, not the password.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

const password = process.argv[2] ?? (await readStdin());
if (password.length < 12) {
  process.stderr.write('The console password must be at least 12 characters long.\n');
  process.exit(2);
}
process.stdout.write(`${await hashPassword(password)}\n`);
