import { randomBytes } from 'node:crypto';
import { MSG } from '@portal/contracts/messages';
import { staffMayChange } from '@portal/contracts/order-rules';
import {
  PROOF_EXTENSIONS,
  ProofUploadFields,
  type TProofUploadFields,
  type TStaffOrderProof,
} from '@portal/contracts/proofs';
import { unstorableTextPaths } from '@portal/contracts/storable-text';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { order_proofs, orders } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound, unsupportedType } from '../../lib/errors.ts';
import { lockStaffOrder, type StaffActor } from '../admin/orders/find-staff-order.ts';
import { recordChange } from '../audit/record-change.ts';
import {
  cleanFileName,
  contentMatches,
  UPLOAD_CONTENT_TYPES,
  type UploadExtension,
  uploadExtensionOf,
} from '../orders/check-upload-content.ts';
import { proofKey, staffProofs } from './proof-entry.ts';
import { mailSchoolProofReady } from './proof-mails.ts';

/** The upload's field as the operation reads it (the session's token is not one). */
export function parseProofFields(sent: Record<string, string>): TProofUploadFields {
  const values = Object.fromEntries(Object.entries(sent).filter(([name, value]) => name !== 'token' && value.trim()));
  const errors: Record<string, string> = {};
  for (const path of unstorableTextPaths(values)) errors[path.join('.')] ??= MSG.unstorableText;
  if (!Object.keys(errors).length) {
    const parsed = ProofUploadFields.safeParse(values);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
  }
  throw badRequest(Object.values(errors)[0] ?? MSG.invalidInput, errors);
}

export interface ProofTarget {
  orderId: number;
  fields: TProofUploadFields;
  /** The name shown back, cleaned. */
  fileName: string;
  ext: UploadExtension;
}

const isProofExtension = (ext: UploadExtension | undefined): ext is UploadExtension =>
  ext !== undefined && (PROOF_EXTENSIONS as readonly string[]).includes(ext);

/**
 * What a proof is checked for before its file is read: the field saying what it shows, an
 * order that is neither cancelled nor delivered, and a PDF, JPEG or PNG name.
 */
export async function checkProofUpload(
  ctx: AppContext,
  orderId: number,
  sent: Record<string, string>,
  rawFileName: string,
): Promise<ProofTarget> {
  const fields = parseProofFields(sent);
  const [order] = await ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(MSG.orderNotFound);
  if (!staffMayChange(order)) throw conflict(MSG.proofOrderClosed);
  const fileName = cleanFileName(rawFileName);
  const ext = uploadExtensionOf(fileName);
  if (!isProofExtension(ext)) throw unsupportedType(MSG.proofFileType);
  return { orderId, fields, fileName, ext };
}

/**
 * Stores a proof under a generated name once its content is found to be what its
 * extension says (D7), records it as waiting for the school with its audit row, and
 * e-mails the school. The order is locked while the proof is written, so that a move to
 * In production decided meanwhile sees it. The file is removed again if nothing is recorded.
 */
export async function uploadProof(
  ctx: AppContext,
  actor: StaffActor,
  upload: ProofTarget & { bytes: Buffer },
): Promise<TStaffOrderProof> {
  if (!contentMatches(upload.ext, upload.bytes)) throw unsupportedType(MSG.fileContentMismatch);
  const storedName = `${randomBytes(16).toString('hex')}.${upload.ext}`;
  const mimeType = UPLOAD_CONTENT_TYPES[upload.ext];
  await ctx.storage.put(proofKey(storedName), upload.bytes, mimeType);
  let written: { order: Awaited<ReturnType<typeof lockStaffOrder>>; proofId: number };
  try {
    written = await ctx.db.transaction(async (tx) => {
      const order = await lockStaffOrder(tx, upload.orderId);
      if (!staffMayChange(order)) throw conflict(MSG.proofOrderClosed);
      const [proof] = await tx
        .insert(order_proofs)
        .values({
          order_id: order.id,
          shows: upload.fields.shows,
          file_name: upload.fileName,
          stored_name: storedName,
          mime_type: mimeType,
          size_bytes: upload.bytes.length,
          uploaded_by: actor.userId,
        })
        .returning({ id: order_proofs.id });
      if (!proof) throw new Error('proof insert returned no row');
      await recordChange(tx, {
        actorId: actor.userId,
        action: 'upload',
        entity: 'order-proof',
        entityId: proof.id,
        after: {
          order_id: order.id,
          shows: upload.fields.shows,
          file_name: upload.fileName,
          size_bytes: upload.bytes.length,
          status: 'waiting',
        },
        ip: actor.ip,
      });
      await mailSchoolProofReady(ctx, tx, order, upload.fields.shows);
      return { order, proofId: proof.id };
    });
  } catch (error) {
    await ctx.storage.delete(proofKey(storedName)).catch(() => {});
    throw error;
  }
  const [proof] = await staffProofs(ctx.db, written.order.id, written.proofId);
  if (!proof) throw new Error('the proof just written is not found');
  return proof;
}
