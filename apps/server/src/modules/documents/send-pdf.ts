import type { FastifyReply } from 'fastify';

/**
 * A PDF for the browser's own viewer: shown in the tab (inline) under its name, never
 * cached, and with a policy that lets the viewer run but nothing embed it.
 */
export function sendPdf(reply: FastifyReply, { fileName, pdf }: { fileName: string; pdf: Buffer }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "frame-ancestors 'none'")
    .send(pdf);
}
