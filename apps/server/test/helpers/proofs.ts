import { and, asc, eq } from 'drizzle-orm';
import { audit_log, order_proofs } from '../../src/db/schema/index.ts';
import { bearer } from './accounts.ts';
import type { TestApp } from './test-app.ts';
import { multipart, type Part, SAMPLES } from './uploads.ts';

/** Fixtures for the proofs' tests: uploads by staff and answers by the school, through the API. */

export interface ProofUpload {
  shows?: string;
  file?: { filename: string; content: Buffer; type?: string } | null;
}

/** POST /api/admin/orders/:id/proofs with the field first and the file last, as the back office sends it. */
export function uploadProof(t: TestApp, token: string | undefined, orderId: number, upload: ProofUpload = {}) {
  const parts: Part[] = [];
  if (upload.shows !== undefined) parts.push({ name: 'shows', value: upload.shows });
  const file =
    upload.file === undefined ? { filename: 'cover proof.pdf', content: SAMPLES.pdf as Buffer } : upload.file;
  if (file) parts.push({ name: 'cfile', ...file });
  const { body, contentType } = multipart(parts);
  return t.api.post(`/api/admin/orders/${orderId}/proofs`, {
    headers: { ...(token ? bearer(token) : {}), 'content-type': contentType },
    body,
  });
}

/** POST /api/answerproof as the school. */
export function answerProof(
  t: TestApp,
  token: string,
  body: { order_key: string; proof_id: number; answer: string; comment?: string },
) {
  return t.api.post('/api/answerproof', { body, headers: bearer(token) });
}

export function proofRows(t: TestApp, orderId: number) {
  return t.db.select().from(order_proofs).where(eq(order_proofs.order_id, orderId)).orderBy(asc(order_proofs.id));
}

export function proofAudit(t: TestApp, proofId: number) {
  return t.db
    .select()
    .from(audit_log)
    .where(and(eq(audit_log.entity, 'order-proof'), eq(audit_log.entity_id, String(proofId))))
    .orderBy(asc(audit_log.id));
}
