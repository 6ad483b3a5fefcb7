/**
 * HTML written by staff (product descriptions and specifications, testimonials). It is
 * rendered as HTML only because the server sanitises these fields when they are saved
 * (D16); nothing typed by visitors ever reaches this component.
 */
export function ServerHtml({
  html,
  as: Tag = 'div',
  className,
}: {
  html: string;
  as?: 'div' | 'blockquote';
  className?: string;
}) {
  return (
    <Tag
      className={className ? `server-html ${className}` : 'server-html'}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server when saved (D16)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
