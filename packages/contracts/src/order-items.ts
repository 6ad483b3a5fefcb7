import { COVER_OPTIONS, DELIVERY_OPTIONS, optionName as optionOf, paymentOptionName } from './orders.ts';

/** One line of an order's items table: what was asked for, in words. */
export interface OrderItem {
  label: string;
  value: string;
}

type Fields = Record<string, unknown>;

const countOf = (fields: Fields, name: string): number => {
  const value = Number(fields[name] ?? 0);
  return Number.isFinite(value) && value > 0 ? value : 0;
};
const textOf = (fields: Fields, name: string): string => {
  const value = fields[name];
  return typeof value === 'string' ? value.trim() : '';
};
const counted = (n: number) => n.toLocaleString('en-US');

const PLANNERS = [
  ['noprimary_planners', 'Primary planners'],
  ['nostandard_planners', 'Standard planners'],
  ['no8511_planners', '8.5 x 11 planners'],
  ['no69_planners', '6 x 9 planners'],
] as const;

const FREE_TAGS = [
  ['nohomework_folders', 'Free homework folders'],
  ['nocar_rider', 'Free car rider tags'],
  ['nobus_rider', 'Free bus rider tags'],
  ['noafter_school', 'Free after school tags'],
  ['nowalker_biker', 'Free walker/biker tags'],
] as const;

/** The car rider dismissal tags' style, with its color or type and the instructions given. */
function dismissalTagStyle(fields: Fields): string {
  const style = textOf(fields, 'style_of_tag');
  if (!style) return '';
  const detail =
    style === 'Happy Car'
      ? [textOf(fields, 'style_of_tag_color'), textOf(fields, 'style_of_tag_inst')]
      : [textOf(fields, 'type_of_tag'), textOf(fields, 'type_of_tag_inst')];
  return [style, ...detail].filter(Boolean).join(', ');
}

/**
 * The reservation form's values (spec §3 custom_fields) as the lines of an items table:
 * only what was asked for, each in words. The order details, its summary and its PDFs
 * read an order the same way.
 */
export function orderItems(fields: Fields): OrderItem[] {
  const items: OrderItem[] = [];
  const add = (label: string, value: string) => {
    if (value) items.push({ label, value });
  };
  add('School year', textOf(fields, 'school_year'));
  for (const [name, label] of PLANNERS) {
    const n = countOf(fields, name);
    if (n) add(label, counted(n));
  }
  if (Number(fields.cust_pages) === 1) {
    const pages = countOf(fields, 'nocust_pages');
    add('Custom pages', pages === 0 ? 'Yes' : pages === 1 ? '1 page' : `${counted(pages)} pages`);
  } else if (Number(fields.cust_pages) === 2) add('Custom pages', 'No');
  if (Number(fields.vinyl_pockets) === 1) add('Vinyl pockets', counted(countOf(fields, 'novinyl_pockets')));
  else if (Number(fields.vinyl_pockets) === 2) add('Vinyl pockets', 'No');
  const cover = optionOf(COVER_OPTIONS, fields.cover_optn);
  const schoolName = textOf(fields, 'cover_optn_school_name');
  add('Cover', Number(fields.cover_optn) === 2 && schoolName ? `${cover}: ${schoolName}` : cover);
  add('Delivery', optionOf(DELIVERY_OPTIONS, fields.delivery_optn));
  if (fields.sr_inst_req === true) add('Special request', textOf(fields, 'sr_inst'));
  if (Number(fields.ss_car_mag_add) === 1)
    add('Car magnets', fields.ss_car_mag ? `${counted(Number(fields.ss_car_mag))} magnets` : '');
  else if (Number(fields.ss_car_mag_add) === 2) add('Car magnets', 'No');
  const dismissal = countOf(fields, 'nocar_dismissal');
  if (dismissal)
    add('Free car rider dismissal tags', [counted(dismissal), dismissalTagStyle(fields)].filter(Boolean).join(', '));
  for (const [name, label] of FREE_TAGS) {
    const n = countOf(fields, name);
    if (n) add(label, counted(n));
  }
  if (fields.tax === 1 || fields.tax === '1') add('Tax exempt', 'Yes');
  else if (fields.tax === 0 || fields.tax === '0') add('Tax exempt', 'No');
  add('Payment option', paymentOptionName(fields.payment_method));
  add('Purchase order number', textOf(fields, 'purchase_order'));
  return items;
}
