import { z } from 'zod';
import { successWith } from './envelope.ts';
import { MSG, tooLong } from './messages.ts';
import { MAX_UPLOAD_BYTES } from './order-files.ts';
import { queryInt } from './query.ts';
import './zod-messages.ts';

/**
 * Proofs of a school's custom cover or custom pages: staff upload one, the school approves
 * it or asks for changes with a comment; an order goes to In production only once no proof
 * waits (order-rules.ts, moveRefusal).
 */

export const PROOF_SHOWS = ['cover', 'pages'] as const;
export type ProofShows = (typeof PROOF_SHOWS)[number];
export const PROOF_SHOWS_LABELS: Record<ProofShows, string> = { cover: 'Custom cover', pages: 'Custom pages' };

export const PROOF_STATUSES = ['waiting', 'approved', 'changes_requested'] as const;
export type ProofStatus = (typeof PROOF_STATUSES)[number];
export const PROOF_STATUS_LABELS: Record<ProofStatus, string> = {
  waiting: 'Waiting for the school',
  approved: 'Approved',
  changes_requested: 'Changes requested',
};

/** What a proof may be: a PDF or a picture the school can look at in its browser. */
export const PROOF_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;
export const PROOF_ACCEPT = PROOF_EXTENSIONS.map((e) => `.${e}`).join(',');
export { MAX_UPLOAD_BYTES as MAX_PROOF_BYTES };

export const PROOF_COMMENT_MAX = 2000;

/** One proof as staff and the school see it; `file_path` downloads it (the school's own order, or staff). */
export const OrderProof = z.object({
  id: z.number().int(),
  shows: z.enum(PROOF_SHOWS),
  file_name: z.string(),
  file_path: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  status: z.enum(PROOF_STATUSES),
  comment: z.string(),
  created_at: z.string(),
  answered_at: z.string().nullable(),
});
export type TOrderProof = z.infer<typeof OrderProof>;

/** A proof as staff see it: who uploaded it besides. */
export const StaffOrderProof = OrderProof.extend({ uploaded_by_name: z.string() });
export type TStaffOrderProof = z.infer<typeof StaffOrderProof>;

/** GET /api/admin/orders/:id/proofs: the order's proofs, newest first. */
export const AdminOrderProofsResponse = successWith({ proofs: z.array(StaffOrderProof) });
export type TAdminOrderProofsResponse = z.infer<typeof AdminOrderProofsResponse>;

/** The multipart field sent before the file part `cfile` of POST /api/admin/orders/:id/proofs. */
export const ProofUploadFields = z.object({
  shows: z.enum(PROOF_SHOWS, { error: MSG.proofShowsRequired }),
});
export type TProofUploadFields = z.infer<typeof ProofUploadFields>;

/** The multipart body as the API documentation shows it: the field, then the file. */
export const ProofUploadBody = ProofUploadFields.extend({
  cfile: z.string().meta({
    format: 'binary',
    description: `The proof, sent last: ${PROOF_EXTENSIONS.join(', ')}, at most ${MAX_UPLOAD_BYTES} bytes.`,
  }),
});

export const ProofUploadResponse = successWith({ proof: StaffOrderProof });

export const AdminProofParams = z.object({
  id: queryInt('id', { min: 1, max: 2_147_483_647 }),
  proof_id: queryInt('proof_id', { min: 1, max: 2_147_483_647 }),
});

/** GET /api/orderproofs: the proofs of one of the school's orders. */
export const OrderProofsQuery = z.object({
  order_key: z.string({ error: MSG.orderKeyRequired }).trim().min(1, MSG.orderKeyRequired).max(100, tooLong(100)),
});
export const OrderProofsResponse = successWith({ proofs: z.array(OrderProof) });
export type TOrderProofsResponse = z.infer<typeof OrderProofsResponse>;

export const ProofFileParams = z.object({ id: queryInt('id', { min: 1, max: 2_147_483_647 }) });

export const PROOF_ANSWERS = ['approve', 'changes'] as const;

/** POST /api/answerproof: the school approves a waiting proof, or asks for changes saying which. */
export const AnswerProofBody = z
  .object({
    order_key: z.string({ error: MSG.orderKeyRequired }).trim().min(1, MSG.orderKeyRequired).max(100, tooLong(100)),
    proof_id: z.number({ error: MSG.proofNotFound }).int(MSG.proofNotFound).min(1, MSG.proofNotFound),
    answer: z.enum(PROOF_ANSWERS, { error: MSG.proofAnswerRequired }),
    comment: z.string().trim().max(PROOF_COMMENT_MAX, tooLong(PROOF_COMMENT_MAX)).default(''),
  })
  .superRefine((body, ctx) => {
    if (body.answer === 'changes' && !body.comment) {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: MSG.proofCommentRequired });
    }
  });
export type TAnswerProofBody = z.input<typeof AnswerProofBody>;

export const AnswerProofResponse = successWith({ proof: OrderProof });
