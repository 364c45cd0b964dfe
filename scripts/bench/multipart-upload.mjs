import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The multipart body as a stream: text fields first (the server validates them before
 * storing a byte), then the file read from disk chunk by chunk, so the client never holds
 * the file in memory either. Content-Length is exact, as a browser's would be.
 */
export async function multipartBody(fields, filePath, fileName) {
  const boundary = `----codedrop-bench-${randomBytes(12).toString('hex')}`;
  let head = '';
  for (const [name, value] of Object.entries(fields)) {
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  head +=
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  const tail = `\r\n--${boundary}--\r\n`;
  const { size } = await stat(filePath);
  async function* chunks() {
    yield Buffer.from(head);
    yield* createReadStream(filePath, { highWaterMark: 256 * 1024 });
    yield Buffer.from(tail);
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength: Buffer.byteLength(head) + size + Buffer.byteLength(tail),
    fileBytes: size,
    stream: () => Readable.from(chunks(), { objectMode: false }),
  };
}

/** POSTs the body on a fresh connection; resolves with the status, body text and seconds. */
export async function postStreamed(url, body) {
  const started = process.hrtime.bigint();
  const req = request(url, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': body.contentType, 'content-length': body.contentLength },
  });
  const response = new Promise((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
  });
  // A server that answers early (e.g. 413) may close before the body is sent; its answer
  // is what counts, so a send error is only reported if no error status came back.
  const sent = pipeline(body.stream(), req).then(
    () => null,
    (error) => error,
  );
  const res = await response;
  res.setEncoding('utf8');
  let text = '';
  for await (const chunk of res) text += chunk;
  const sendError = await sent;
  // The read stream learns it is at its end only from one more read of the file; by then a
  // server that had every byte may have answered and closed, and the request reports a
  // premature close. The callers check the stored byte count, so only other errors count.
  const closedAfterAnswer = sendError?.code === 'ERR_STREAM_PREMATURE_CLOSE';
  if (sendError !== null && res.statusCode < 400 && !closedAfterAnswer) throw sendError;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { status: res.statusCode, text, seconds };
}
