import { randomBytes } from 'node:crypto';
import { MSG } from '@portal/contracts/messages';
import type { TUploadedFile } from '@portal/contracts/order-files';
import type { AppContext } from '../../context.ts';
import { order_files, school_documents } from '../../db/schema/index.ts';
import { unsupportedType } from '../../lib/errors.ts';
import { recordChange } from '../audit/record-change.ts';
import type { UploadTarget } from './check-upload.ts';
import { contentMatches, UPLOAD_CONTENT_TYPES } from './check-upload-content.ts';
import { orderFileEntry, orderFileKey } from './order-file-entry.ts';

/**
 * Stores a school's file under a generated name (D7), once its content has been found to
 * be what its extension says, and records it: with the order, or
 * for a tax certificate with the school, so that its next orders offer it again. The file
 * is stored first and removed again if the record cannot be written, so that no record
 * ever points at nothing and no file is left that nothing points at.
 */
export async function uploadOrderFile(
  ctx: AppContext,
  upload: UploadTarget & { bytes: Buffer },
): Promise<TUploadedFile> {
  if (!contentMatches(upload.ext, upload.bytes)) throw unsupportedType(MSG.fileContentMismatch);
  const storedName = `${randomBytes(16).toString('hex')}.${upload.ext}`;
  const key = orderFileKey(storedName);
  const mimeType = UPLOAD_CONTENT_TYPES[upload.ext];
  const { file_type, expires_on } = upload.fields;
  await ctx.storage.put(key, upload.bytes, mimeType);
  try {
    const row = {
      file_name: upload.fileName,
      stored_name: storedName,
      mime_type: mimeType,
      size_bytes: upload.bytes.length,
    };
    await ctx.db.transaction(async (tx) => {
      if (file_type === 'tax_certificate') {
        await tx.insert(school_documents).values({
          ...row,
          school_user_id: upload.schoolUserId,
          kind: 'tax_certificate',
          expires_on: expires_on ?? null,
          order_id: upload.orderId,
        });
      } else {
        await tx.insert(order_files).values({ ...row, order_id: upload.orderId, file_type });
      }
      await recordChange(tx, {
        actorId: upload.schoolUserId,
        action: 'upload',
        entity: 'order',
        entityId: upload.orderId,
        after: { file_type, file_name: upload.fileName, stored_name: storedName, expires_on: expires_on ?? null },
      });
    });
  } catch (error) {
    await ctx.storage.delete(key).catch(() => {});
    throw error;
  }
  return { ...orderFileEntry(upload.fileName, storedName), file_type, size_bytes: upload.bytes.length };
}
