import { MSG } from '@portal/contracts/messages';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, tooLarge } from '../../../lib/errors.ts';

/** What @fastify/multipart is told for the catalogue's uploads: one file, a few short fields. */
export const CATALOGUE_UPLOAD_LIMITS = { files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 20 };

export interface CatalogueUpload {
  bytes: Buffer;
  /** The fields sent before the file. */
  fields: Record<string, string>;
}

/**
 * The one file part `file` of a multipart upload, with the fields sent before it, kept in
 * memory up to `maxBytes`: a longer file is refused (413) with `tooBig`, as is a body with
 * no file. What the bytes are is for the caller to check; the name is not trusted.
 */
export async function readCatalogueUpload(
  request: FastifyRequest,
  maxBytes: number,
  tooBig: string,
): Promise<CatalogueUpload> {
  if (!request.isMultipart()) throw badRequest(MSG.catalogueUploadNotMultipart);
  try {
    const part = await request.file({ limits: { ...CATALOGUE_UPLOAD_LIMITS, fileSize: maxBytes } });
    if (part?.fieldname !== 'file' || !part.filename) {
      throw badRequest(MSG.catalogueFileRequired, { file: MSG.catalogueFileRequired });
    }
    const bytes = await part.toBuffer();
    const fields: Record<string, string> = {};
    for (const [name, field] of Object.entries(part.fields)) {
      if (field && !Array.isArray(field) && field.type === 'field' && typeof field.value === 'string') {
        fields[name] = field.value;
      }
    }
    return { bytes, fields };
  } catch (error) {
    // What is left of the body is read and dropped, so the client gets the answer.
    request.raw.unpipe();
    request.raw.resume();
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(tooBig);
    throw badRequest(MSG.uploadUnreadable);
  }
}
