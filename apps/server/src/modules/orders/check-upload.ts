import { MSG } from '@portal/contracts/messages';
import { type TUploadOrderFileForm, UploadOrderFileForm } from '@portal/contracts/order-files';
import { unstorableTextPaths } from '@portal/contracts/storable-text';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { badRequest, unsupportedType } from '../../lib/errors.ts';
import { noteBodyToken, requireSchool } from '../auth/require-user.ts';
import { cleanFileName, type UploadExtension, uploadExtensionOf } from './check-upload-content.ts';
import { findEditableOrder } from './find-editable-order.ts';

/** The upload's fields as the operation reads them: blank ones count as not sent, the token is the session's. */
export function parseUploadFields(sent: Record<string, string>): TUploadOrderFileForm {
  const values = Object.fromEntries(Object.entries(sent).filter(([name, value]) => name !== 'token' && value.trim()));
  const errors: Record<string, string> = {};
  for (const path of unstorableTextPaths(values)) errors[path.join('.')] ??= MSG.unstorableText;
  if (!Object.keys(errors).length) {
    const parsed = UploadOrderFileForm.safeParse(values);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
  }
  throw badRequest(Object.values(errors)[0] ?? MSG.invalidInput, errors);
}

/** When the file part arrives, the fields that say where it goes must have come before it. */
function sentBeforeFile(sent: Record<string, string>): Record<string, string> {
  const missing = ['order_key', 'file_type'].filter((name) => !(name in sent));
  if (missing.length) {
    throw badRequest(MSG.uploadFieldsFirst, Object.fromEntries(missing.map((name) => [name, MSG.uploadFieldsFirst])));
  }
  return sent;
}

export interface UploadTarget {
  schoolUserId: number;
  orderId: number;
  fields: TUploadOrderFileForm;
  /** The name shown back, cleaned. */
  fileName: string;
  ext: UploadExtension;
}

/**
 * Everything an upload is checked for before its file is read, in the order a refusal is
 * answered: the fields (sent before the file), the school's session, its own order still
 * open to changes (D12), and a file type a school may upload.
 */
export async function checkUpload(
  ctx: AppContext,
  request: FastifyRequest,
  sent: Record<string, string>,
  rawFileName: string,
  today: Date,
): Promise<UploadTarget> {
  const fields = parseUploadFields(sentBeforeFile(sent));
  noteBodyToken(request, sent.token);
  const school = await requireSchool(ctx, request);
  const { cancel_cutoff } = await ctx.cache.settings.get();
  const order = await findEditableOrder(ctx.db, school.userId, fields.order_key, today, cancel_cutoff);
  const fileName = cleanFileName(rawFileName);
  const ext = uploadExtensionOf(fileName);
  if (!ext) throw unsupportedType(MSG.fileType);
  return { schoolUserId: school.userId, orderId: order.id, fields, fileName, ext };
}
