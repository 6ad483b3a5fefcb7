import { CONTENT_PAGE } from '@portal/contracts/constants';

/** Where the site uses each content page's head (title, description, social picture). */
export const PAGE_USE: Record<number, string> = {
  [CONTENT_PAGE.home]: 'The home page (/)',
  [CONTENT_PAGE.about]: 'About (/about)',
  [CONTENT_PAGE.contact]: 'Contact (/contact)',
  [CONTENT_PAGE.privacy]: 'Privacy Policy (/privacy-policy)',
  [CONTENT_PAGE.terms]: 'Terms of Service (/terms-of-service)',
  [CONTENT_PAGE.checkout]: 'Checkout (schools and sponsors)',
  [CONTENT_PAGE.schoolLogin]: 'School log-in (/school/login)',
  [CONTENT_PAGE.schoolRegister]: 'School registration (/school/register)',
  [CONTENT_PAGE.sponsorLogin]: 'Sponsor log-in (/sponsor/login)',
  [CONTENT_PAGE.sponsorRegister]: 'Sponsor contact form (/sponsor/register)',
  [CONTENT_PAGE.orderForm]: 'The order and enquiry forms',
  [CONTENT_PAGE.products]: 'All products (/products)',
};

export const TEXT = {
  pagesTitle: 'Content pages',
  pagesIntro:
    'Each page’s title and description are what browser tabs, search engines and shared links show. About, Privacy Policy and Terms of Service also take their text from here.',
  bodyLabel: 'Page text',
  bodyEmpty: 'Leave it empty to keep the text the site shows today.',
  noBody: 'This page has no text of its own here: only its title, description and social picture are edited.',
  testimonialsTitle: 'Testimonials',
  testimonialsIntro: 'The home page’s carousel shows the published ones, in this order.',
  faqsTitle: 'FAQs',
  faqsIntro: 'Help and Support: each topic is a tile schools and sponsors open; its questions show in this order.',
  topicsTitle: 'FAQ topics',
  settingsTitle: 'Site settings',
  settingsIntro: 'What the public site and the documents show about the provider. Changes show at once.',
  deleteKeep: 'Keep it',
} as const;
