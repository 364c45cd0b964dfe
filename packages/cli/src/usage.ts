// The --help texts. Kept together so the wording of the commands stays consistent.

const common = `  --server URL        CodeDrop server (default: $CODEDROP_URL, else http://localhost:3000)
  --json              print the result as JSON on stdout
  -h, --help          show this help`;

export const mainUsage = `codedrop — share text and files through CodeDrop from a terminal

Usage:
  codedrop send [FILE…] [options]     share files, or text from stdin
  codedrop get CODE [options]         print a text, or save the files, of a share
  codedrop delete CODE --token TOKEN  end a share before it expires
  codedrop COMMAND --help             options of a command
  codedrop --version

Environment:
  CODEDROP_URL        server to use when --server is not given

Exit codes: 0 done, 1 failed (the message says why), 2 wrong usage, 130 interrupted.
`;

export const sendUsage = `Usage:
  codedrop send FILE… [options]     one share holding every FILE, in this order
  codedrop send - [options]         the text on stdin (also when no FILE is given
                                    and stdin is not a terminal)

Prints the code, the link and the delete token (and a QR code of the link on a terminal).

Options:
  --password PASSWORD  encrypt before sending; the recipient needs the password
  -p, --ask-password   ask for the password on the terminal (twice, not echoed)
  --expires TIME       lifetime: 10m, 1h, 6h or 24h (the server's choices; default 24h)
  --downloads N        files: downloads allowed, 1–100 (default 10)
  --burn               text: delete it once it has been read
${common}

Examples:
  codedrop send report.pdf photo.png --expires 1h
  git diff | codedrop send --burn
  codedrop send secrets.tar.gz -p --downloads 1
`;

export const getUsage = `Usage:
  codedrop get CODE [options]

A text share prints to stdout exactly as it was shared; a note prints as plain text. A
file share takes one download: one file is saved under its name here (or to -o PATH),
several into a folder codedrop-CODE/ (or -o FOLDER). Existing files are never replaced
without --force. A password-protected share asks for the password on the terminal.

Options:
  -o, --output PATH    where to save: a file, a folder, or - for stdout (one file)
  -f, --force          overwrite existing files
  --password PASSWORD  the share's password (instead of being asked)
${common}

Examples:
  codedrop get 4821 > notes.txt
  codedrop get 4821 -o ~/Downloads/
`;

export const deleteUsage = `Usage:
  codedrop delete CODE --token TOKEN

Deletes the share at once, with the delete token that send printed.

Options:
  -t, --token TOKEN    the delete token (or set CODEDROP_DELETE_TOKEN)
${common}
`;
