import { AdminOrderResponse, AdminOrdersResponse } from '@portal/contracts/admin-orders';
import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import { MAX_UPLOAD_BYTES } from '@portal/contracts/order-files';
import { AdminOrderProofsResponse, AnswerProofResponse, OrderProofsResponse } from '@portal/contracts/proofs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, mailsTo, signedInSchool, signedInSponsor, signedInStaff } from '../helpers/accounts.ts';
import { clockedCatalogueApp } from '../helpers/clock.ts';
import { INVOICED_NOW, schoolWithPlacedOrder, storedOrder } from '../helpers/orders.ts';
import { answerProof, proofAudit, proofRows, uploadProof } from '../helpers/proofs.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { SAMPLES } from '../helpers/uploads.ts';

const clocked = clockedCatalogueApp();
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = clocked.app();
  admin = await signedInStaff(t, USER_TYPE.admin, { first_name: 'Ada', last_name: 'Stone' });
});

/** A school with an order finalized to be invoiced now: Order Placed, next In production. */
async function placedOrder() {
  const school = await schoolWithPlacedOrder(t, INVOICED_NOW);
  const order = await storedOrder(t, school.orderKey);
  return { school, order };
}

async function uploadedProof(orderId: number, shows = 'cover') {
  const res = await uploadProof(t, admin.token, orderId, { shows });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().proof as { id: number };
}

const schoolProofs = (token: string, orderKey: string) =>
  t.api.get(`/api/orderproofs?order_key=${encodeURIComponent(orderKey)}`, { headers: bearer(token) });
const staffProofs = (token: string, orderId: number) =>
  t.api.get(`/api/admin/orders/${orderId}/proofs`, { headers: bearer(token) });
const move = (orderId: number, status: string) =>
  t.api.post(`/api/admin/orders/${orderId}/status`, { body: { status }, headers: bearer(admin.token) });

describe('POST /api/admin/orders/:id/proofs', () => {
  it('stores a proof as waiting, lists and serves it to staff, audits it and e-mails the school', async () => {
    const { school, order } = await placedOrder();
    const res = await uploadProof(t, admin.token, order.id, { shows: 'cover' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.proofUploaded);
    const [row] = await proofRows(t, order.id);
    expect(row).toMatchObject({
      shows: 'cover',
      file_name: 'cover proof.pdf',
      mime_type: 'application/pdf',
      size_bytes: SAMPLES.pdf.length,
      uploaded_by: admin.user.id,
      status: 'waiting',
      comment: '',
      answered_at: null,
    });
    expect(row?.stored_name).toMatch(/^[0-9a-f]{32}\.pdf$/);

    const listed = AdminOrderProofsResponse.parse((await staffProofs(admin.token, order.id)).json());
    expect(listed.proofs).toEqual([
      expect.objectContaining({
        id: row?.id,
        shows: 'cover',
        status: 'waiting',
        uploaded_by_name: 'Ada Stone',
        file_path: `/api/admin/orders/${order.id}/proofs/${row?.id}/file`,
      }),
    ]);
    const file = await t.api.get(listed.proofs[0]?.file_path ?? '', { headers: bearer(admin.token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(SAMPLES.pdf)).toBe(true);

    const audit = await proofAudit(t, row?.id ?? 0);
    expect(audit.map((a) => [a.action, a.actor_user_id, a.changes])).toEqual([
      [
        'upload',
        admin.user.id,
        {
          before: null,
          after: {
            order_id: order.id,
            shows: 'cover',
            file_name: 'cover proof.pdf',
            size_bytes: SAMPLES.pdf.length,
            status: 'waiting',
          },
        },
      ],
    ]);
    const mails = (await mailsTo(t, school.email)).filter((m) => m.template === 'order-proof');
    expect(mails.map((m) => m.subject)).toEqual([`Your proof for order #${order.id} is ready: please approve it`]);
    expect(mails[0]?.text).toContain(`We have made a proof of your custom cover for order #${order.id}.`);
    expect(mails[0]?.text).toContain(`/school/order/${order.order_key}`);
  });

  it('takes JPEG and PNG proofs, and refuses other types, content that does not match, a missing field or file, and a file above 5 MB', async () => {
    const { order } = await placedOrder();
    const jpeg = await uploadProof(t, admin.token, order.id, {
      shows: 'pages',
      file: { filename: 'pages.JPG', content: SAMPLES.jpg },
    });
    expect(jpeg.statusCode, jpeg.body).toBe(200);
    expect(jpeg.json().proof).toMatchObject({ shows: 'pages', mime_type: 'image/jpeg' });
    const png = await uploadProof(t, admin.token, order.id, {
      shows: 'cover',
      file: { filename: 'cover.png', content: SAMPLES.png },
    });
    expect(png.statusCode, png.body).toBe(200);

    const refusals: [Parameters<typeof uploadProof>[3], number, string][] = [
      [{ shows: 'cover', file: { filename: 'cover.pdf', content: SAMPLES.png } }, 415, MSG.fileContentMismatch],
      [{ shows: 'cover', file: { filename: 'cover.gif', content: SAMPLES.gif } }, 415, MSG.proofFileType],
      [{ shows: 'cover', file: { filename: 'cover.docx', content: SAMPLES.docx } }, 415, MSG.proofFileType],
      [{ shows: 'cover', file: { filename: 'cover', content: SAMPLES.pdf } }, 415, MSG.proofFileType],
      [{ shows: 'back', file: { filename: 'cover.pdf', content: SAMPLES.pdf } }, 400, MSG.proofShowsRequired],
      [{ file: { filename: 'cover.pdf', content: SAMPLES.pdf } }, 400, MSG.proofShowsRequired],
      [{ shows: 'cover', file: null }, 400, MSG.uploadNoFile],
      [
        {
          shows: 'cover',
          file: { filename: 'big.pdf', content: Buffer.concat([SAMPLES.pdf, Buffer.alloc(MAX_UPLOAD_BYTES)]) },
        },
        413,
        MSG.fileTooBig,
      ],
    ];
    for (const [upload, code, message] of refusals) {
      const res = await uploadProof(t, admin.token, order.id, upload);
      expect(res.statusCode, `${upload?.file?.filename}: ${res.body}`).toBe(code);
      expect(res.json()).toMatchObject({ status: 'error', message });
    }
    const missing = await uploadProof(t, admin.token, order.id, { file: { filename: 'a.pdf', content: SAMPLES.pdf } });
    expect(missing.json().errors).toEqual({ shows: MSG.proofShowsRequired });
    expect((await proofRows(t, order.id)).map((p) => p.file_name)).toEqual(['pages.JPG', 'cover.png']);
  });

  it('refuses an unknown order (404) and a cancelled one (409), writing nothing', async () => {
    expect((await uploadProof(t, admin.token, 2_000_000, { shows: 'cover' })).statusCode).toBe(404);
    const { order } = await placedOrder();
    expect((await move(order.id, 'Cancelled')).statusCode).toBe(200);
    const res = await uploadProof(t, admin.token, order.id, { shows: 'cover' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'error', message: MSG.proofOrderClosed });
    expect(await proofRows(t, order.id)).toEqual([]);
  });
});

describe('who may see and answer a proof', () => {
  it('staff routes: administrators only; a rep, a school and a sponsor are refused (403), anyone signed out (401)', async () => {
    const { school, order } = await placedOrder();
    const proof = await uploadedProof(order.id);
    const rep = await signedInStaff(t, USER_TYPE.salesRep);
    const sponsor = await signedInSponsor(t);
    for (const token of [rep.token, school.token, sponsor.token]) {
      for (const res of [
        await staffProofs(token, order.id),
        await t.api.get(`/api/admin/orders/${order.id}/proofs/${proof.id}/file`, { headers: bearer(token) }),
        await uploadProof(t, token, order.id, { shows: 'pages' }),
      ]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toEqual({ status: 'error', message: MSG.forbidden });
      }
    }
    expect((await t.api.get(`/api/admin/orders/${order.id}/proofs`)).statusCode).toBe(401);
    expect((await uploadProof(t, undefined, order.id, { shows: 'pages' })).statusCode).toBe(401);
    expect((await proofRows(t, order.id)).map((p) => p.id)).toEqual([proof.id]);
    // Another order's number does not reach this proof's file.
    const other = await placedOrder();
    expect(
      (await t.api.get(`/api/admin/orders/${other.order.id}/proofs/${proof.id}/file`, { headers: bearer(admin.token) }))
        .statusCode,
    ).toBe(404);
  });

  it('school routes: the owning school only; another school finds nothing (404), a sponsor or staff are refused (403)', async () => {
    const { school, order } = await placedOrder();
    const proof = await uploadedProof(order.id);

    const own = OrderProofsResponse.parse((await schoolProofs(school.token, order.order_key)).json());
    expect(own.proofs).toEqual([
      expect.objectContaining({
        id: proof.id,
        shows: 'cover',
        status: 'waiting',
        file_path: `/api/orderproof/${proof.id}`,
      }),
    ]);
    expect(own.proofs[0]).not.toHaveProperty('uploaded_by_name');
    const file = await t.api.get(`/api/orderproof/${proof.id}`, { headers: bearer(school.token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('cover proof.pdf');

    const other = await signedInSchool(t);
    const otherList = await schoolProofs(other.token, order.order_key);
    expect(otherList.statusCode).toBe(404);
    expect(otherList.json().message).toBe(MSG.orderNotFound);
    expect((await t.api.get(`/api/orderproof/${proof.id}`, { headers: bearer(other.token) })).statusCode).toBe(404);
    const otherAnswer = await answerProof(t, other.token, {
      order_key: order.order_key,
      proof_id: proof.id,
      answer: 'approve',
    });
    expect(otherAnswer.statusCode).toBe(404);
    expect(otherAnswer.json().message).toBe(MSG.proofNotFound);

    const sponsor = await signedInSponsor(t);
    for (const token of [sponsor.token, admin.token]) {
      expect((await schoolProofs(token, order.order_key)).statusCode).toBe(403);
      expect((await t.api.get(`/api/orderproof/${proof.id}`, { headers: bearer(token) })).statusCode).toBe(403);
      const answered = await answerProof(t, token, {
        order_key: order.order_key,
        proof_id: proof.id,
        answer: 'approve',
      });
      expect(answered.statusCode).toBe(403);
      expect(answered.json().message).toBe(MSG.forbidden);
    }
    expect((await t.api.get(`/api/orderproofs?order_key=${order.order_key}`)).statusCode).toBe(401);
    expect((await t.api.get(`/api/orderproof/${proof.id}`)).statusCode).toBe(401);
    expect(
      (
        await t.api.post('/api/answerproof', {
          body: { order_key: order.order_key, proof_id: proof.id, answer: 'approve' },
        })
      ).statusCode,
    ).toBe(401);
    const [row] = await proofRows(t, order.id);
    expect(row?.status).toBe('waiting');
    expect(await proofAudit(t, proof.id)).toHaveLength(1);
  });
});

describe('POST /api/answerproof', () => {
  it('asks for changes only with a comment, once; staff see the answer and are e-mailed it', async () => {
    const { school, order } = await placedOrder();
    const proof = await uploadedProof(order.id, 'pages');
    const body = { order_key: order.order_key, proof_id: proof.id };

    const bare = await answerProof(t, school.token, { ...body, answer: 'changes', comment: '   ' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors).toEqual({ comment: MSG.proofCommentRequired });
    const wrong = await answerProof(t, school.token, { ...body, answer: 'maybe' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ answer: MSG.proofAnswerRequired });
    expect((await proofRows(t, order.id))[0]?.status).toBe('waiting');

    const res = await answerProof(t, school.token, {
      ...body,
      answer: 'changes',
      comment: 'Please use our new logo on page 2.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const answered = AnswerProofResponse.parse(res.json());
    expect(answered.message).toBe(MSG.proofChangesRequested);
    expect(answered.proof).toMatchObject({
      status: 'changes_requested',
      comment: 'Please use our new logo on page 2.',
    });
    expect(answered.proof.answered_at).not.toBeNull();

    const again = await answerProof(t, school.token, { ...body, answer: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 'error', message: MSG.proofAlreadyAnswered });

    const staffView = AdminOrderProofsResponse.parse((await staffProofs(admin.token, order.id)).json());
    expect(staffView.proofs[0]).toMatchObject({
      status: 'changes_requested',
      comment: 'Please use our new logo on page 2.',
    });
    const audit = await proofAudit(t, proof.id);
    expect(audit.map((a) => [a.action, a.actor_user_id, a.changes])).toEqual([
      ['upload', admin.user.id, expect.anything()],
      [
        'request-changes',
        school.user.id,
        {
          before: { status: 'waiting', comment: '' },
          after: { status: 'changes_requested', comment: 'Please use our new logo on page 2.' },
        },
      ],
    ]);
    const support = (await t.ctx.cache.settings.get()).support_email;
    for (const address of [admin.email, support]) {
      const mails = (await mailsTo(t, address)).filter(
        (m) => m.template === 'order-proof-answer' && m.subject.includes(`order #${order.id},`),
      );
      expect(mails.map((m) => m.subject)).toEqual([
        `Changes asked for the proof of order #${order.id}, ${school.school.school_name || school.email}`,
      ]);
      expect(mails[0]?.text).toContain('The school wrote: Please use our new logo on page 2.');
      expect(mails[0]?.text).toContain(`/admin/orders/${order.id}`);
    }
  });

  it('approves a proof: staff are e-mailed, and the order may then go to In production', async () => {
    const { school, order } = await placedOrder();
    const proof = await uploadedProof(order.id);

    const detail = AdminOrderResponse.parse(
      (await t.api.get(`/api/admin/orders/${order.id}`, { headers: bearer(admin.token) })).json(),
    );
    expect(detail.transitions).toEqual(['Cancelled']);
    const refused = await move(order.id, 'In production');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ status: 'error', message: MSG.orderMoveProofWaiting });
    expect((await storedOrder(t, order.order_key)).status).toBe('Order Placed');

    const waiting = AdminOrdersResponse.parse(
      (await t.api.get('/api/admin/orders?proof_waiting=1', { headers: bearer(admin.token) })).json(),
    );
    expect(waiting.orders.map((o) => o.order_id)).toContain(order.id);
    expect(waiting.orders.every((o) => o.proof_waiting)).toBe(true);

    const res = await answerProof(t, school.token, {
      order_key: order.order_key,
      proof_id: proof.id,
      answer: 'approve',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: MSG.proofApproved, proof: { status: 'approved', comment: '' } });
    const mails = (await mailsTo(t, admin.email)).filter((m) =>
      m.subject.startsWith(`Proof approved: order #${order.id},`),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`has approved the proof of its custom cover for order #${order.id}.`);

    const after = AdminOrdersResponse.parse(
      (await t.api.get('/api/admin/orders?proof_waiting=1', { headers: bearer(admin.token) })).json(),
    );
    expect(after.orders.map((o) => o.order_id)).not.toContain(order.id);
    const open = AdminOrderResponse.parse(
      (await t.api.get(`/api/admin/orders/${order.id}`, { headers: bearer(admin.token) })).json(),
    );
    expect(open.transitions).toEqual(['In production', 'Cancelled']);
    expect((await move(order.id, 'In production')).statusCode).toBe(200);
    expect((await storedOrder(t, order.order_key)).status).toBe('In production');
  });
});
