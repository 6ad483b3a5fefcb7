import { successWith } from '@portal/contracts/envelope';
import { desc } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { email_outbox } from '../../db/schema/index.ts';
import { escapeHtml } from './layout.ts';
import { isLoopbackAddress } from './loopback-address.ts';

const MailboxMessage = z.object({
  id: z.number(),
  to: z.string(),
  cc: z.string(),
  subject: z.string(),
  template: z.string(),
  status: z.string(),
  html: z.string(),
  text: z.string(),
  created_at: z.string(),
});
const MailboxResponse = successWith({ messages: z.array(MailboxMessage) });

async function listMessages(ctx: AppContext) {
  const rows = await ctx.db.select().from(email_outbox).orderBy(desc(email_outbox.id)).limit(200);
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    cc: r.cc_address,
    subject: r.subject,
    template: r.template,
    status: r.status,
    html: r.html,
    text: r.text,
    created_at: r.created_at.toISOString(),
  }));
}

/**
 * Whether this server has a mailbox at all: only while it sends no mail (no SMTP), which is
 * never in production (the configuration requires SMTP there). A server that sends mail
 * keeps nothing worth reading in it, and must not show what it sent.
 */
export const hasDevMailbox = (config: AppContext['config']) => !config.smtpUrl && !config.isProduction;

/**
 * The mailbox holds working reset, invitation and pay links, so only this machine may read
 * it: the socket's own address, never `request.ip`, which a trusted proxy's
 * X-Forwarded-For may set. Anyone else gets the answer of an address that does not exist.
 */
function refuseFromElsewhere(request: FastifyRequest, reply: FastifyReply): boolean {
  if (isLoopbackAddress(request.raw.socket.remoteAddress)) return false;
  reply.callNotFound();
  return true;
}

/** JSON list of the outbox for tests and tools: GET /api/dev/mailbox (without SMTP, from this machine only). */
export function devMailboxApi(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/mailbox',
      {
        schema: {
          tags: ['development'],
          summary: 'Messages the app kept (only without SMTP, only from this machine)',
          response: { 200: MailboxResponse },
        },
      },
      async (request, reply) => {
        if (refuseFromElsewhere(request, reply)) return reply;
        return { status: 'success' as const, message: 'ok', messages: await listMessages(ctx) };
      },
    );
  };
}

/** A readable page of the outbox: GET /dev/mailbox (as the API). Mail bodies are shown as text. */
export function devMailboxPage(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
      if (refuseFromElsewhere(request, reply)) return reply;
      const messages = await listMessages(ctx);
      const items = messages
        .map(
          (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">#${m.id} · to ${escapeHtml(m.to)}${m.cc ? ` · cc ${escapeHtml(m.cc)}` : ''} · ${escapeHtml(m.template)} · ${escapeHtml(m.status)} · ${escapeHtml(m.created_at)}</p>
<pre>${linkify(escapeHtml(m.text))}</pre></article>`,
        )
        .join('\n');
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:24px auto;padding:0 16px;color:#212529}
article{border:1px solid #dee2e6;border-radius:8px;padding:16px;margin:16px 0}h2{font-size:18px;margin:0 0 4px}
.meta{color:#495057;font-size:13px;margin:0 0 12px}pre{white-space:pre-wrap;font-family:inherit;margin:0}</style></head>
<body><h1>Mailbox</h1><p>Messages kept by the development mailer, newest first.</p>
${items || '<p>No messages yet.</p>'}</body></html>`;
      return reply.type('text/html; charset=utf-8').send(html);
    });
  };
}

function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}
