import { z } from 'zod';
import { SuccessEnvelope, successWith } from './envelope.ts';
import { MSG, tooLong } from './messages.ts';
import { FORM_FILE_TYPES, OrderFileEntry } from './orders.ts';
import './zod-messages.ts';

/**
 * Files a school uploads with its order (spec §7 uploadorderfiles, removefile; D7): the
 * form's artwork, the purchase-order document beside the PO number, and the school's
 * tax-exemption certificate, which is kept on the school for its next orders.
 */

/** Largest upload, in bytes (D7: 5 MB). */
export const MAX_UPLOAD_BYTES = 5_242_880;
/** The extensions a school may upload (spec §9). */
export const UPLOAD_EXTENSIONS = ['doc', 'docx', 'pdf', 'jpg', 'jpeg', 'png', 'gif'] as const;
/** What the file picker offers. */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');

export const UPLOAD_FILE_TYPES = [...FORM_FILE_TYPES, 'tax_certificate'] as const;
export type UploadFileType = (typeof UPLOAD_FILE_TYPES)[number];

/** The multipart fields beside `cfile` (a file part). */
export const UploadOrderFileFields = z.object({
  order_key: z.string({ error: MSG.orderKeyRequired }).trim().min(1, MSG.orderKeyRequired).max(100, tooLong(100)),
  file_type: z.enum(UPLOAD_FILE_TYPES, { error: MSG.chooseFromList }),
  /** The tax certificate's expiry date (YYYY-MM-DD); required for that type only. */
  expires_on: z.iso.date({ error: MSG.validDate }).optional(),
});

/** The fields as the server checks them: a tax certificate needs its expiry date. */
export const UploadOrderFileForm = UploadOrderFileFields.superRefine((fields, ctx) => {
  if (fields.file_type === 'tax_certificate' && !fields.expires_on) {
    ctx.addIssue({ code: 'custom', path: ['expires_on'], message: MSG.expiryRequired });
  }
});
export type TUploadOrderFileForm = z.infer<typeof UploadOrderFileForm>;

/** The multipart body of POST /api/uploadorderfiles as the API documentation shows it: the fields, then the file. */
export const UploadOrderFileBody = UploadOrderFileFields.extend({
  cfile: z.string().meta({
    format: 'binary',
    description: `The file, sent last: ${UPLOAD_EXTENSIONS.join(', ')}, at most ${MAX_UPLOAD_BYTES} bytes.`,
  }),
});

/** An uploaded file as the form lists it; `file_path` downloads it (signed-in owner or staff). */
export const UploadedFile = OrderFileEntry.extend({
  file_type: z.enum(UPLOAD_FILE_TYPES),
  size_bytes: z.number().int(),
});
export type TUploadedFile = z.infer<typeof UploadedFile>;

export { TaxCertificate, type TTaxCertificate } from './orders.ts';

export const UploadOrderFileResponse = successWith({ file: UploadedFile });

/** POST /api/removefile */
export const RemoveFileBody = z.object({
  file_path_raw: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(200, tooLong(200)),
});
export const RemoveFileResponse = SuccessEnvelope;

/** GET /api/orderfile/:name, the stored name. */
export const OrderFileParams = z.object({ name: z.string().max(200) });
