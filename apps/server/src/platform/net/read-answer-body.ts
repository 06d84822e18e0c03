import type { IncomingMessage } from 'node:http';
import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { OutboundError } from './outbound-error.ts';

/** What we ask servers for; the size limit counts the bytes after decompression (a zip bomb stops at it). */
export const ACCEPTED_ENCODINGS = 'gzip, deflate, br';

function decoderFor(encoding: string): Transform | null | 'unknown' {
  switch (encoding) {
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return 'unknown';
  }
}

/**
 * Reads the answer's body, decompressed, and stops (destroying the connection) as soon as it passes `maxBytes`.
 * Errors are raw stream errors or OutboundError('too_large' | 'bad_response'); the caller names the rest.
 */
export function readAnswerBody(answer: IncomingMessage, maxBytes: number, host: string): Promise<Buffer> {
  const encoding = String(answer.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const decoder = decoderFor(encoding);
  if (decoder === 'unknown') {
    answer.destroy();
    return Promise.reject(new OutboundError('bad_response', `${host} answered in an unknown encoding`));
  }
  const tooLarge = () => new OutboundError('too_large', `${host} answered more than ${maxBytes} bytes`);
  const declaredLength = Number(answer.headers['content-length']);
  if (decoder === null && Number.isFinite(declaredLength) && declaredLength > maxBytes) {
    answer.destroy();
    return Promise.reject(tooLarge());
  }
  const body: Readable = decoder ? answer.pipe(decoder) : answer;
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const fail = (error: unknown) => {
      answer.destroy();
      decoder?.destroy();
      reject(error);
    };
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) fail(tooLarge());
      else chunks.push(chunk);
    });
    body.on('end', () => resolve(Buffer.concat(chunks)));
    body.on('error', fail);
    // a pipe does not pass the source's errors on (an aborted answer, the time limit)
    if (decoder) answer.on('error', fail);
  });
}

/** The body as text in the charset the Content-Type names (UTF-8 when it names none or one we do not know). */
export function decodeBodyText(body: Buffer, contentTypeHeader: string): string {
  const charset = /;\s*charset="?([^";\s]+)"?/i.exec(contentTypeHeader)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
