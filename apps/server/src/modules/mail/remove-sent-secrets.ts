import { escapeHtml } from './layout.ts';

/** What a sent message shows where its secret link was. */
export const SENT_SECRET_PLACEHOLDER = '[sent: link removed]';

/**
 * A sent message's parts as the outbox keeps them: every secret its template declared is cut
 * out of the text part and of the HTML part, where it stands escaped (decision 029). The
 * message went out whole; what stays is only a record that it did.
 */
export function removeSentSecrets(mail: { html: string; text: string; secrets: string[] }): {
  html: string;
  text: string;
} {
  let { html, text } = mail;
  // The longest first, so that a secret holding another is cut whole.
  for (const secret of [...mail.secrets].filter(Boolean).sort((a, b) => b.length - a.length)) {
    text = text.replaceAll(secret, SENT_SECRET_PLACEHOLDER);
    html = html.replaceAll(escapeHtml(secret), SENT_SECRET_PLACEHOLDER).replaceAll(secret, SENT_SECRET_PLACEHOLDER);
  }
  return { html, text };
}
