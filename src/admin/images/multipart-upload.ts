import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import formidable from 'formidable';
import { AppError } from '../../errors';

/** Room beyond MAX_UPLOAD_BYTES for the multipart framing and a few small text fields. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = (maxBytes: number) => new AppError('PAYLOAD_TOO_LARGE', `the upload is larger than ${maxBytes} bytes`);

/**
 * Reads a multipart upload (SPEC §2.8) into `dir` and returns the path of its file, or null without
 * one. The whole body is held to MAX_UPLOAD_BYTES plus the framing overhead (text fields included,
 * counted as it streams, so a chunked body is held to it too); only the first part named `file` is
 * kept, any other file is skipped unread. Parser errors get a generic message: theirs name paths.
 */
export async function receiveUpload(req: IncomingMessage, options: { dir: string; maxBytes: number }): Promise<string | null> {
  const bodyLimit = options.maxBytes + MULTIPART_OVERHEAD_BYTES;
  if (Number(req.headers['content-length'] ?? 0) > bodyLimit) throw tooLarge(options.maxBytes);
  let received = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > bodyLimit ? Object.assign(new Error('body over the limit'), { httpCode: 413 }) : null, chunk);
    },
  });
  // formidable reads the headers off the stream it parses, as off a request.
  Object.assign(counted, { headers: req.headers });
  req.pipe(counted);
  let taken = false;
  const form = formidable({
    uploadDir: options.dir,
    maxFileSize: options.maxBytes,
    maxTotalFileSize: options.maxBytes,
    maxFiles: 1,
    maxFields: 16,
    maxFieldsSize: MULTIPART_OVERHEAD_BYTES / 2,
    allowEmptyFiles: false,
    filter: (part) => {
      if (taken || part.name !== 'file') return false;
      taken = true;
      return true;
    },
  });
  try {
    const [, files] = await form.parse(counted as unknown as IncomingMessage);
    return files.file?.[0]?.filepath ?? null;
  } catch (error) {
    if ((error as { httpCode?: number }).httpCode === 413) throw tooLarge(options.maxBytes);
    throw new AppError('BAD_REQUEST', 'the multipart body could not be read', {}, { cause: error });
  } finally {
    req.unpipe(counted);
  }
}
