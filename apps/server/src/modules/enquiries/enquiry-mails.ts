import { formatPhone } from '@portal/contracts/phone';
import { type MailContent, renderMail } from '../mail/layout.ts';

/** The e-mail an enquiry sends (D14), every word of it: to the sales rep, with a copy to the sponsor. */

export interface EnquiryMailDetails {
  enqId: number;
  business: string;
  product: string;
  qty: number;
  fullname: string;
  email: string;
  phone: string;
  company: string;
  message: string;
  /** Who it is addressed to: the rep's name, or blank when the sponsor has none yet. */
  repName: string;
  /** The sponsor's page of the enquiry. */
  link: string;
}

export function enquiryMail(d: EnquiryMailDetails): { subject: string; html: string; text: string } {
  const content: MailContent = {
    subject: `Enquiry #${d.enqId} from ${d.business || d.company}: ${d.product}`,
    paragraphs: [
      d.repName ? `Hello ${d.repName},` : 'Hello,',
      `${d.business || d.company} has sent enquiry #${d.enqId} about ${d.product} (quantity ${d.qty}).`,
      `From: ${d.fullname}, ${d.company}\nE-mail: ${d.email}\nPhone: ${formatPhone(d.phone)}`,
      d.message,
      'The sponsor receives a copy of this message. Please reply to the sponsor by e-mail.',
    ],
    action: { label: 'View the enquiry', url: d.link },
    signature: 'School Planner Savings website',
  };
  return renderMail(content);
}
