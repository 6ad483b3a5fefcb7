import sanitize from 'sanitize-html';

/**
 * The HTML that staff-edited fields may hold (D16): text formatting, lists, links and
 * simple tables. Everything else, scripts and event handlers included, is removed.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'a',
    'h3',
    'h4',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
    'blockquote',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: {
    a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};

export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
