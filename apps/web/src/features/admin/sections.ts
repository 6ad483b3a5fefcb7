import type { StaffRole } from '@portal/contracts/admin';
import { BACK_OFFICE_PATH } from '@portal/contracts/routes';

export interface Section {
  label: string;
  /** Below the back office's own path; '' is its start. */
  path: string;
  /** Who sees it: an administrator sees every section. */
  roles: readonly StaffRole[];
}

/** The back office's sections, in the order of its menu. */
export const SECTIONS: readonly Section[] = [
  { label: 'Overview', path: '', roles: ['admin', 'rep'] },
  { label: 'Orders', path: 'orders', roles: ['admin'] },
  { label: 'Schools', path: 'schools', roles: ['admin', 'rep'] },
  { label: 'Sponsors', path: 'sponsors', roles: ['admin', 'rep'] },
  { label: 'Sponsorships', path: 'sponsorships', roles: ['admin', 'rep'] },
  { label: 'Enquiries', path: 'enquiries', roles: ['admin', 'rep'] },
  { label: 'Contact requests', path: 'requests', roles: ['admin'] },
  { label: 'Money owed', path: 'money-owed', roles: ['admin', 'rep'] },
  { label: 'Problem payments', path: 'payment-problems', roles: ['admin'] },
  { label: 'Catalogue', path: 'products', roles: ['admin', 'rep'] },
  { label: 'Categories', path: 'categories', roles: ['admin', 'rep'] },
  { label: 'Cost sheets', path: 'cost-sheets', roles: ['admin', 'rep'] },
  { label: 'Content pages', path: 'pages', roles: ['admin'] },
  { label: 'Testimonials', path: 'testimonials', roles: ['admin'] },
  { label: 'FAQs', path: 'faqs', roles: ['admin'] },
  { label: 'Site settings', path: 'settings', roles: ['admin'] },
  { label: 'Staff', path: 'staff', roles: ['admin'] },
  { label: 'Audit log', path: 'audit-log', roles: ['admin'] },
];

export const sectionsFor = (role: StaffRole) => SECTIONS.filter((s) => s.roles.includes(role));

/** A back office address: backOfficePath('audit-log') → '/admin/audit-log'. */
export const backOfficePath = (path: string) => (path ? `${BACK_OFFICE_PATH}/${path}` : BACK_OFFICE_PATH);
