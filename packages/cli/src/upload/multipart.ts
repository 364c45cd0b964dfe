import { randomBytes } from 'node:crypto';
import { CliError } from '../cli-errors.js';

export interface FormField {
  name: string;
  value: string;
}

export interface FormFile {
  /** The part's field name: the server takes files only from parts named `file`. */
  field: string;
  fileName: string;
  contentType: string;
  /** Exact byte count `bytes()` yields: the body's length is declared before it is sent. */
  length: number;
  bytes(): AsyncIterable<Uint8Array>;
}

export interface MultipartBody {
  contentType: string;
  /** Sent as Content-Length: the server checks it against its limits before reading. */
  length: number;
  chunks(): AsyncGenerator<Uint8Array>;
}

/**
 * Browsers percent-escape `"`, CR and LF in multipart file names (HTML's form-data encoding)
 * and send the rest as UTF-8; the server undoes exactly these three escapes.
 */
function escapeName(name: string): string {
  return name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/**
 * A multipart/form-data body generated as it is sent, fields first and then each file, so
 * files of any size stream from disk; its length is known in advance, the parts being
 * known sizes.
 */
export function multipartBody(
  fields: readonly FormField[],
  files: readonly FormFile[],
): MultipartBody {
  const boundary = `----codedrop-${randomBytes(16).toString('hex')}`;
  const encoder = new TextEncoder();
  const fieldBytes = fields.map(({ name, value }) =>
    encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  const fileHeads = files.map((file) =>
    encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; ` +
        `filename="${escapeName(file.fileName)}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
    ),
  );
  const lineEnd = encoder.encode('\r\n');
  const closing = encoder.encode(`--${boundary}--\r\n`);
  const length =
    fieldBytes.reduce((sum, bytes) => sum + bytes.length, 0) +
    files.reduce((sum, file, i) => sum + fileHeads[i]!.length + file.length + lineEnd.length, 0) +
    closing.length;

  async function* chunks(): AsyncGenerator<Uint8Array> {
    yield* fieldBytes;
    for (const [i, file] of files.entries()) {
      yield fileHeads[i]!;
      let sent = 0;
      for await (const chunk of file.bytes()) {
        sent += chunk.length;
        if (sent > file.length) break;
        yield chunk;
      }
      // The declared length is a promise to the server: a file that changed breaks it.
      if (sent !== file.length)
        throw new CliError(`${file.fileName} changed while it was being sent`);
      yield lineEnd;
    }
    yield closing;
  }

  return { contentType: `multipart/form-data; boundary=${boundary}`, length, chunks };
}
