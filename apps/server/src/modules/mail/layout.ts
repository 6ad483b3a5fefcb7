const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

export interface MailContent {
  subject: string;
  /** Paragraphs of plain text; each becomes a <p> in the HTML part. */
  paragraphs: string[];
  /** An optional call to action, shown as a button and as a plain link in the text part. */
  action?: { label: string; url: string };
  signature?: string;
}

/** Renders one message as the HTML and text parts every e-mail carries (D14). */
export function renderMail(content: MailContent): { subject: string; html: string; text: string } {
  const signature = content.signature ?? 'The School Planner Savings team';
  const htmlParagraphs = content.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n');
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#212529;line-height:1.5;margin:0;padding:24px;background:#f8f9fa">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
${htmlParagraphs}
${button}
<p style="margin:24px 0 0;color:#868e96">${escapeHtml(signature)}</p>
</div></body></html>`;
  const text = [
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    signature,
  ].join('\n\n');
  return { subject: content.subject, html, text };
}
