import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize.ts';

describe('sanitizeHtml', () => {
  it('keeps the formatting staff use: paragraphs, bold, lists and tables', () => {
    const html =
      '<p>Built to <strong>last</strong> a <em>whole</em> year.</p>' +
      '<ul><li>Calendar</li><li>Policies</li></ul><ol><li>First</li></ol>' +
      '<table><thead><tr><th>Size</th></tr></thead><tbody><tr><td>8.5 × 11 in</td></tr></tbody></table>' +
      '<h3>Heading</h3><blockquote>Quote<br />line</blockquote>';
    expect(sanitizeHtml(html)).toBe(
      '<p>Built to <strong>last</strong> a <em>whole</em> year.</p>' +
        '<ul><li>Calendar</li><li>Policies</li></ul><ol><li>First</li></ol>' +
        '<table><thead><tr><th>Size</th></tr></thead><tbody><tr><td>8.5 × 11 in</td></tr></tbody></table>' +
        '<h3>Heading</h3><blockquote>Quote<br />line</blockquote>',
    );
  });

  it('removes script elements and their content', () => {
    expect(sanitizeHtml('<p>Hello</p><script>alert(document.cookie)</script>')).toBe('<p>Hello</p>');
    expect(sanitizeHtml('<p>a<script src="https://evil.example/x.js"></script>b</p>')).toBe('<p>ab</p>');
  });

  it('removes event-handler attributes, and elements that are not allowed at all', () => {
    expect(sanitizeHtml('<p onclick="steal()">Text</p>')).toBe('<p>Text</p>');
    expect(sanitizeHtml('<img src="x" onerror="alert(1)">')).toBe('');
    expect(sanitizeHtml('<strong onmouseover="x()" style="color:red">Bold</strong>')).toBe('<strong>Bold</strong>');
    expect(sanitizeHtml('<svg onload="alert(1)"><circle /></svg>')).not.toMatch(/svg|onload/);
  });

  it('drops javascript: and data: links but keeps the link text', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">Click</a>')).toBe('<a rel="noopener noreferrer">Click</a>');
    expect(sanitizeHtml('<a href="JaVaScRiPt:alert(1)">x</a>')).not.toMatch(/javascript/i);
    expect(sanitizeHtml('<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>')).not.toContain('data:');
  });

  it('keeps ordinary links and marks them noopener', () => {
    expect(sanitizeHtml('<a href="https://example.com/p" target="_blank">More</a>')).toBe(
      '<a href="https://example.com/p" target="_blank" rel="noopener noreferrer">More</a>',
    );
    expect(sanitizeHtml('<a href="mailto:help@example.com">Mail</a>')).toContain('href="mailto:help@example.com"');
  });

  it('removes iframes, styles and forms', () => {
    expect(sanitizeHtml('<iframe src="https://evil.example"></iframe><style>p{}</style><form><input></form>ok')).toBe(
      'ok',
    );
  });

  it('is idempotent: sanitising twice changes nothing', () => {
    const once = sanitizeHtml('<p onclick="x">A &amp; B <script>y</script><a href="javascript:z">c</a></p>');
    expect(sanitizeHtml(once)).toBe(once);
  });
});
