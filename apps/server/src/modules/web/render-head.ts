import type { TContentPage } from '@portal/contracts/pages';
import { escapeHtml } from '../mail/layout.ts';

export const SITE_NAME = 'School Planner Savings';

export interface HeadData {
  title: string;
  description: string;
  canonical: string;
  image: string;
  imageWidth: number;
  imageHeight: number;
}

export function headFromPage(page: TContentPage | undefined, publicUrl: string, pathname: string): HeadData {
  const image = page?.image_url || '/images/social-default.png';
  return {
    title: page?.seo_title || SITE_NAME,
    description:
      page?.seo_description ||
      'Local businesses sponsor school planners and supplies so that schools get them cheap or free.',
    canonical: `${publicUrl}${pathname === '/' ? '/' : pathname.replace(/\/$/, '')}`,
    image: image.startsWith('http') ? image : `${publicUrl}${image}`,
    imageWidth: page?.image_width || 600,
    imageHeight: page?.image_height || 600,
  };
}

/**
 * A head with a catalogue page's own title, description and picture. Social sites do not
 * show SVG, so an SVG picture keeps the site's default card image.
 */
export function withSeo(
  head: HeadData,
  seo: { title: string; description: string; image: string },
  publicUrl: string,
): HeadData {
  const bitmap = /\.(png|jpe?g|webp|gif)$/i.test(seo.image);
  return {
    ...head,
    title: seo.title || head.title,
    description: seo.description || head.description,
    ...(bitmap ? { image: seo.image.startsWith('http') ? seo.image : `${publicUrl}${seo.image}` } : {}),
  };
}

/** The tags crawlers read without running JavaScript: title, description, canonical, Open Graph, Twitter. */
export function renderHead(head: HeadData): string {
  const e = escapeHtml;
  return [
    `<title>${e(head.title)}</title>`,
    `<meta name="description" content="${e(head.description)}">`,
    `<link rel="canonical" href="${e(head.canonical)}">`,
    `<meta property="og:site_name" content="${e(SITE_NAME)}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:title" content="${e(head.title)}">`,
    `<meta property="og:description" content="${e(head.description)}">`,
    `<meta property="og:url" content="${e(head.canonical)}">`,
    `<meta property="og:image" content="${e(head.image)}">`,
    `<meta property="og:image:width" content="${head.imageWidth}">`,
    `<meta property="og:image:height" content="${head.imageHeight}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${e(head.title)}">`,
    `<meta name="twitter:description" content="${e(head.description)}">`,
    `<meta name="twitter:image" content="${e(head.image)}">`,
  ].join('\n    ');
}
