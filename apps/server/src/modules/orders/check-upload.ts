import { MSG } from '@portal/contracts/messages';
import { type TUploadOrderFileForm, UploadOrderFileForm } from '@portal/contracts/order-files';
import { unstorableTextPaths } from '@portal/contracts/storable-text';
import { badRequest } from '../../lib/errors.ts';

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
export function sentBeforeFile(sent: Record<string, string>): Record<string, string> {
  const missing = ['order_key', 'file_type'].filter((name) => !sent[name]?.trim());
  if (missing.length) {
    throw badRequest(MSG.uploadFieldsFirst, Object.fromEntries(missing.map((name) => [name, MSG.uploadFieldsFirst])));
  }
  return sent;
}

/**
 * A Content-Disposition that makes browsers save the file under the school's own name:
 * a plain-ASCII `filename` for old clients and the exact name as `filename*` (RFC 5987).
 */
export function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
