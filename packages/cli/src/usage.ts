// The --help texts. Kept together so the wording of the commands stays consistent.

const common = `  --server URL        CodeDrop server (default: $CODEDROP_URL, else http://localhost:3000)
  --json              print the result as JSON on stdout
  -h, --help          show this help`;

export const mainUsage = `codedrop — share text and files through CodeDrop from a terminal

Usage:
  codedrop send [FILE…] [options]     share files, or text from stdin
  codedrop get CODE [options]         print a text, or save the files, of a share;
                                      pick up what was sent to your request
  codedrop request [options]          ask anyone for files or text, encrypted to you
  codedrop send --to CODE [FILE…]     send files, or text from stdin, to a request
  codedrop delete CODE --token TOKEN  end a share or a request before it expires
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
  codedrop send --to CODE FILE…     the files to someone's request (codedrop request)
  codedrop send --to CODE [-]       the text on stdin to someone's request

Prints the code, the link and the delete token (and a QR code of the link on a terminal).
Sent to a request, everything is encrypted to the asker's key; only the asker can open it,
and there is no code to pass on: "Sent. Only the person who asked can open it."

Options:
  --password PASSWORD  encrypt before sending; the recipient needs the password
  -p, --ask-password   ask for the password on the terminal (twice, not echoed)
  --expires TIME       lifetime: 10m, 1h, 6h or 24h (the server's choices; default 24h)
  --downloads N        files: downloads allowed, 1–100 (default 10)
  --burn               text: delete it once it has been read
  --to CODE            send to this request instead of making a share (the options
                       above do not apply: the request decides)
  --message TEXT       with --to and files: a text sent along with them
${common}

Examples:
  codedrop send report.pdf photo.png --expires 1h
  git diff | codedrop send --burn
  codedrop send secrets.tar.gz -p --downloads 1
  codedrop send --to 482193 signed-form.pdf --message "Signed, see page 2"
  echo "the wifi password is …" | codedrop send --to 482193
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
  codedrop get 482193 -o ~/requests/forms/
`;

export const requestUsage = `Usage:
  codedrop request [options]

Creates a request: anyone with its code can send you files or text, encrypted on their
side to a key made here. The private key is sealed under your password before it leaves;
the server cannot open what is sent. Prints the code, the link, the delete token (and a QR
code of the link on a terminal). Pick up with: codedrop get CODE.

Options:
  --message TEXT       a note shown to senders (plain text, at most 500 characters)
  --files              take files only
  --text               take text only (neither flag: files and text)
  --expires TIME       lifetime: 10m, 1h, 6h or 24h (the server's choices; default 24h)
  --max N              submissions to take, 1–100 (default 10)
  --password PASSWORD  the password to pick up with (else asked on the terminal)
  -p, --ask-password   ask for it on the terminal (twice, not echoed): the default
  --curve CURVE        X25519 (default) or P-256, for senders whose browser lacks X25519
${common}

Examples:
  codedrop request --message "Please send the signed contract" --files --max 3
  codedrop request --text --expires 1h
`;

export const deleteUsage = `Usage:
  codedrop delete CODE --token TOKEN

Deletes the share (or the request, and everything sent to it) at once, with the delete
token that send (or request) printed.

Options:
  -t, --token TOKEN    the delete token (or set CODEDROP_DELETE_TOKEN)
${common}
`;
