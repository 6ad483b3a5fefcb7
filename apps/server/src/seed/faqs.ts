/**
 * Help and Support's topics and answers (spec §2), with every installation: staff edit them
 * in the back office. The answers are written here as plain text and made into HTML by
 * escaping, so they hold nothing the sanitiser would have to remove (D16).
 */

const SCHOOLS = 4;
const SPONSORS = 5;
const BOTH = 0;

export const FAQ_CATEGORIES = [
  { slug: 'account', name: 'Account', description: 'Signing in, passwords and your details', sort_order: 1 },
  { slug: 'payment', name: 'Payment', description: 'Payment options, invoices and tax', sort_order: 2 },
  { slug: 'delivery', name: 'Delivery', description: 'When and how your order arrives', sort_order: 3 },
  { slug: 'product', name: 'Product', description: 'Planners, free products and artwork', sort_order: 4 },
] as const;

type CategorySlug = (typeof FAQ_CATEGORIES)[number]['slug'];

interface SeedFaq {
  category: CategorySlug;
  audience: number;
  question: string;
  /** Paragraphs of plain text; a paragraph of lines starting with '- ' is a list. */
  answer: string[];
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain paragraphs as HTML: `<p>` each, and `<ul>` for a paragraph of '- ' lines. */
export function answerHtml(paragraphs: string[]): string {
  return paragraphs
    .map((paragraph) => {
      const lines = paragraph.split('\n');
      if (lines.every((line) => line.startsWith('- '))) {
        return `<ul>${lines.map((line) => `<li>${escapeHtml(line.slice(2))}</li>`).join('')}</ul>`;
      }
      return `<p>${escapeHtml(paragraph)}</p>`;
    })
    .join('');
}

export const FAQS: SeedFaq[] = [
  // Account
  {
    category: 'account',
    audience: BOTH,
    question: 'I forgot my password. How do I get back in?',
    answer: [
      'On the login page, choose Forgot Password and enter the e-mail address you sign in with. We send you a link to set a new password.',
      'The link works once and for one hour. If it has expired, ask for a new one the same way.',
    ],
  },
  {
    category: 'account',
    audience: BOTH,
    question: 'How do I change my e-mail address, phone number or other details?',
    answer: [
      'Open Profile from your dashboard. Change what you need and save. If you change the e-mail address you sign in with, we let the old address know, and you sign in with the new one from then on.',
      'Your password can be changed on the same page.',
    ],
  },
  {
    category: 'account',
    audience: SCHOOLS,
    question: 'Who should register our school?',
    answer: [
      'Anyone at the school who orders supplies: often the office manager or the bookkeeper. Register as School, then fill in the school’s details (address, principal, enrollment and the district calendar question). We use them for your orders and deliveries.',
      'One account per school keeps all its orders together.',
    ],
  },
  {
    category: 'account',
    audience: SPONSORS,
    question: 'How is a sponsor account set up?',
    answer: [
      'Sponsor accounts are set up by our team. If your business would like to sponsor a school, send us the form under Log in as Sponsor, and your sales representative will contact you.',
      'Once your account is ready, we e-mail you a link to set your password.',
    ],
  },
  {
    category: 'account',
    audience: BOTH,
    question: 'Why was I signed out?',
    answer: [
      'For your security, a session ends after a while without use, or when you sign out on another device after changing your password. Sign in again and you are brought back to the page you were on; what you had typed in a form is kept.',
    ],
  },
  // Payment
  {
    category: 'payment',
    audience: SCHOOLS,
    question: 'Which payment options can we choose?',
    answer: [
      'On the reservation form, under Payment:',
      '- No Payment Required: when you order only free, sponsored products.\n- Just placing reservation: reserve now and decide how to pay later.\n- Invoice after delivery: we invoice you once the order is delivered.\n- Finalize order and invoice now: we invoice you at once.\n- Finalize and pay now with credit card: pay on our payment provider’s secure page.',
      'You can change the option while the order can still be edited.',
    ],
  },
  {
    category: 'payment',
    audience: SCHOOLS,
    question: 'When is an invoice due, and where do I find it?',
    answer: [
      'Payment is due 30 days after the invoice’s issue date. Open the order from Orders and choose Download Order Summary: pick Invoice (or Quote, for a price estimate) and a date, and the PDF opens in a new tab to print or save.',
      'Each order keeps the same invoice number every time you download it.',
    ],
  },
  {
    category: 'payment',
    audience: SCHOOLS,
    question: 'Is sales tax added to our order?',
    answer: [
      'If your school is tax exempt, answer Yes to Tax Exempt on the reservation form and upload your exemption certificate with its expiry date. We keep it on your account for your next orders and remind you when it has expired.',
      'Otherwise our team adds the sales tax to the order before it is invoiced.',
    ],
  },
  {
    category: 'payment',
    audience: SCHOOLS,
    question: 'Can we pay with a purchase order?',
    answer: [
      'Yes. Enter the purchase order number on the reservation form, and upload the purchase order document beside it if you have one. The number appears on your invoice.',
    ],
  },
  {
    category: 'payment',
    audience: SPONSORS,
    question: 'How do I pay for my sponsorships?',
    answer: [
      'Open Sponsorships. You can pay a sponsorship in full, pay part of it now and the rest later, or pay several sponsorships at once in one payment. Each payment is made on our payment provider’s secure page, and you receive a receipt by e-mail.',
    ],
  },
  {
    category: 'payment',
    audience: BOTH,
    question: 'Is my card information safe?',
    answer: [
      'Card payments are taken on our payment provider’s secure page. Your card number never reaches our website and we do not store it. We only learn whether the payment went through.',
    ],
  },
  // Delivery
  {
    category: 'delivery',
    audience: SCHOOLS,
    question: 'When will our planners arrive?',
    answer: [
      'Planners are printed over the summer and delivered before the school year starts. Once your delivery is scheduled, its date appears on your order, and we e-mail you.',
    ],
  },
  {
    category: 'delivery',
    audience: SCHOOLS,
    question: 'Can we pick up our order instead?',
    answer: [
      'Yes: choose Pickup on the reservation form. Your order waits for you at our Tampa warehouse, and we let you know when it is ready. Pickup costs nothing.',
    ],
  },
  {
    category: 'delivery',
    audience: SCHOOLS,
    question: 'What does delivery to the school cost?',
    answer: [
      'Delivery to the school is priced per planner, and the price summary on the reservation form shows it as you fill it in. A reorder during the school year is delivered at a price we confirm with you.',
    ],
  },
  {
    category: 'delivery',
    audience: SPONSORS,
    question: 'When does my ad appear?',
    answer: [
      'Your ad is printed in the planners of the school year you sponsor, which reach the students when school starts. Your sales representative sends you a proof to approve before printing.',
    ],
  },
  // Product
  {
    category: 'product',
    audience: SCHOOLS,
    question: 'Which planners can we order, and what can be customized?',
    answer: [
      'Four sizes: primary, standard, 8.5 x 11 and 6 x 9. You can add custom pages (your own content, priced per printed side), vinyl pockets, and choose the standard cover, the standard cover with your school’s name, or a custom cover with your own artwork.',
    ],
  },
  {
    category: 'product',
    audience: SCHOOLS,
    question: 'What are the free products, and why are there terms?',
    answer: [
      'Local businesses sponsor car rider dismissal tags, homework folders and car rider, bus rider, after school and walker/biker tags, so that your school gets them free. Tags come in multiples of 50 and folders in multiples of 250.',
      'Because sponsors pay for them, we ask you to confirm that you order only what you need for the coming school year, and that it will be used in that year.',
    ],
  },
  {
    category: 'product',
    audience: SCHOOLS,
    question: 'Can we change or cancel an order?',
    answer: [
      'While an order is Pending or Reserved and unpaid, you can edit or cancel it yourself until the 1st of May before its school year starts. Open it from Orders and choose Edit or Cancel.',
      'After that, or once it is paid or finalized, choose Contact to cancel on the order and tell us why; our team replies by e-mail.',
    ],
  },
  {
    category: 'product',
    audience: SCHOOLS,
    question: 'Which files can we upload for artwork?',
    answer: [
      'PDF, Word (doc, docx) and images (jpg, jpeg, png, gif), up to 5 MB each. For the best print, send a PDF or an image at least 300 dpi at the printed size.',
    ],
  },
  {
    category: 'product',
    audience: SPONSORS,
    question: 'Which ad sizes can I choose?',
    answer: [
      'Each sponsorship product’s page shows its size and price, from a full-page ad to smaller spots. Use Contact sales representative on the product to ask your representative which schools and sizes are open.',
    ],
  },
];

export const FAQ_AUDIENCES = { BOTH, SCHOOLS, SPONSORS };
