import { textTable } from './text-table.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * A table of figures, such as an order's items and prices: the first column is words, the
 * others figures, aligned right.
 */
export interface MailTable {
  head: string[];
  rows: string[][];
  /** Lines under the rows (subtotal, tax, total): a label, and a figure in the last column. The last one is stressed. */
  totals?: [string, string][];
  /** The cells after the first are short phrases ("120 × $4.50 = $540.00"), not figures: they may wrap on a phone. */
  phrases?: boolean;
}

/** A paragraph of plain text, or a table. */
export type MailBlock = string | { table: MailTable };

export interface MailContent {
  subject: string;
  /** The body: each paragraph becomes a <p> in the HTML part, each table a <table>. */
  paragraphs: MailBlock[];
  /**
   * An optional call to action, shown as a button and as a plain link in the text part.
   * `secret`: the link itself opens something without signing in (a reset or invitation
   * key, a pay link), so the outbox keeps it only until the message is sent (decision 029).
   */
  action?: { label: string; url: string; secret?: boolean };
  signature?: string;
}

const CELL = 'padding:6px 0 6px 10px;vertical-align:top;text-align:right;white-space:nowrap';
const FIRST_CELL = 'padding:6px 0;vertical-align:top;text-align:left';

/**
 * A table mail clients lay out alike: inline styles only (many drop <style>), no grid or
 * flex, and as wide as the message up to 600 px, so that it shrinks on a phone. Names wrap;
 * figures do not.
 */
function htmlTable({ head, rows, totals = [], phrases = false }: MailTable): string {
  const other = phrases ? `${CELL};white-space:normal` : CELL;
  const cell = (tag: 'td' | 'th', value: string, i: number, extra = '') =>
    `<${tag} style="${i === 0 ? FIRST_CELL : other}${extra}"${tag === 'th' ? ' scope="col"' : ''}>${escapeHtml(value)}</${tag}>`;
  const headRow = head.map((h, i) => cell('th', h, i, ';font-size:12px;color:#495057;border-bottom:2px solid #dee2e6'));
  const bodyRows = rows.map(
    (r) => `<tr>${r.map((v, i) => cell('td', v, i, ';border-bottom:1px solid #e9ecef')).join('')}</tr>`,
  );
  const span = Math.max(1, head.length - 1);
  const totalRows = totals.map(([label, value], i) => {
    const weight = i === totals.length - 1 ? ';font-weight:bold' : '';
    return `<tr><td colspan="${span}" style="${CELL}${weight}">${escapeHtml(label)}</td><td style="${CELL}${weight}">${escapeHtml(value)}</td></tr>`;
  });
  return [
    '<table cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;border-collapse:collapse;margin:0 0 16px;font-size:14px;line-height:1.4">',
    `<thead><tr>${headRow.join('')}</tr></thead>`,
    `<tbody>${[...bodyRows, ...totalRows].join('\n')}</tbody>`,
    '</table>',
  ].join('\n');
}

const htmlBlock = (block: MailBlock) =>
  typeof block === 'string' ? `<p style="margin:0 0 16px">${escapeHtml(block)}</p>` : htmlTable(block.table);

/** A message as the outbox keeps it: its subject, both parts, and the secrets they carry. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** What must not outlive the sending (the secret action's address), as it stands in the text part. */
  secrets: string[];
}

/** Renders one message as the HTML and text parts every e-mail carries (D14). */
export function renderMail(content: MailContent): RenderedMail {
  const signature = content.signature ?? 'The School Planner Savings team';
  const body = content.paragraphs.map(htmlBlock).join('\n');
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p>`
    : '';
  // The message is a centred column of at most 600 px in a full-width table, the layout
  // every client keeps; Outlook on Windows ignores max-width, so it is given a fixed width.
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#212529;line-height:1.5;margin:0;padding:0;background:#f8f9fa">
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="width:100%;background:#f8f9fa"><tr><td style="padding:16px 8px">
<!--[if mso]><table role="presentation" width="600" align="center" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" cellpadding="0" cellspacing="0" border="0" align="center" style="width:100%;max-width:600px;margin:0 auto;background:#fff;border-radius:8px"><tr><td style="padding:24px 20px">
${body}
${button}
<p style="margin:24px 0 0;color:#868e96">${escapeHtml(signature)}</p>
</td></tr></table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr></table>
</body></html>`;
  const text = [
    ...content.paragraphs.map((block) => (typeof block === 'string' ? block : textTable(block.table))),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    signature,
  ].join('\n\n');
  return { subject: content.subject, html, text, secrets: content.action?.secret ? [content.action.url] : [] };
}
