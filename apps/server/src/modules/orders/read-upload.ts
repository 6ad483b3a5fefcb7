import type { Readable } from 'node:stream';
import { MSG } from '@portal/contracts/messages';
import { MAX_UPLOAD_BYTES } from '@portal/contracts/order-files';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest, tooLarge } from '../../lib/errors.ts';
import { validatorCompiler } from '../../lib/validator-compiler.ts';

/** What @fastify/multipart is told for the upload routes: one file of at most 5 MB, a few short fields. */
export const UPLOAD_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  parts: 12,
  headerPairs: 20,
};

/**
 * The validator of an upload route. Its body schema documents the parts, which are read
 * as they stream (`readUpload`), so a multipart request has no body to check here; a body
 * that is not multipart is checked as usual.
 */
export function streamedBodyValidator<S>(route: Parameters<FastifySchemaCompiler<S>>[0]) {
  // Each part's schema is one of the zod schemas the route declares.
  const validate = validatorCompiler(route as unknown as Parameters<FastifySchemaCompiler<z.ZodType>>[0]);
  return (data: unknown) => (route.httpPart === 'body' && data == null ? { value: data } : validate(data));
}

export interface ReadUpload<T> {
  bytes: Buffer;
  /** What `beforeFile` answered. */
  checked: T;
}

/** The file's bytes, or null when it was longer than the limit (the parser stops keeping them there). */
async function readFile(file: Readable & { truncated?: boolean }): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  return file.truncated ? null : Buffer.concat(chunks);
}

/** A refusal of the parser's (a broken body, a limit reached) in the words of D3. */
function parserRefusal(error: unknown): AppError {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return badRequest(MSG.uploadOneFile);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  return badRequest(MSG.uploadUnreadable);
}

/**
 * Reads a multipart upload as it streams in: the fields, then one file part `cfile`.
 * When the file starts, `beforeFile` sees the fields and the file's name and decides, by
 * throwing, whether the file is read at all (sign-in, ownership, the order's state), so
 * that no bytes are read for a request that will be refused. The file is kept in memory up
 * to MAX_UPLOAD_BYTES and no further; a longer one is refused with 413. Any part after the
 * file is refused, as is a body without one (`whenNoFile` may first refuse its fields).
 */
export async function readUpload<T>(
  request: FastifyRequest,
  beforeFile: (fields: Record<string, string>, fileName: string) => Promise<T>,
  whenNoFile: (fields: Record<string, string>) => void,
): Promise<ReadUpload<T>> {
  if (!request.isMultipart()) throw badRequest(MSG.uploadNotMultipart);
  const fields: Record<string, string> = Object.create(null);
  let read: ReadUpload<T> | undefined;
  // Failures of our own checks pass through; the parser's become a refusal.
  let checking = false;
  try {
    for await (const part of request.parts()) {
      if (read) throw badRequest(part.type === 'file' ? MSG.uploadOneFile : MSG.uploadFieldsFirst);
      if (part.type === 'field') {
        if (part.valueTruncated || typeof part.value !== 'string') throw badRequest(MSG.uploadUnreadable);
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'cfile') throw badRequest(MSG.uploadNotMultipart);
      // A form whose file input was left empty sends a file part without a name.
      if (!part.filename) throw badRequest(MSG.uploadNoFile, { cfile: MSG.uploadNoFile });
      checking = true;
      const checked = await beforeFile({ ...fields }, part.filename);
      checking = false;
      const bytes = await readFile(part.file);
      if (!bytes) throw tooLarge();
      read = { bytes, checked };
    }
  } catch (error) {
    // What is left of the body is read and dropped, so the client gets the answer.
    request.raw.unpipe();
    request.raw.resume();
    throw error instanceof AppError || checking ? error : parserRefusal(error);
  }
  if (!read) {
    whenNoFile({ ...fields });
    throw badRequest(MSG.uploadNoFile, { cfile: MSG.uploadNoFile });
  }
  return read;
}
