import { z } from 'zod';
import { MSG, numberTooBig, tooLong } from './messages.ts';
import './zod-messages.ts';

/**
 * The reservation form's values (spec §3 custom_fields) and its rules (spec §5). A draft
 * (Save for later, and each save while the form is filled in) is checked for formats
 * only, so that a half-filled form can be kept; the final save checks every rule.
 */

export const COVER_OPTIONS = {
  1: 'Standard cover',
  2: 'School name added to the standard cover',
  3: 'Custom cover with artwork provided by the school',
} as const;
export const DELIVERY_OPTIONS = {
  1: 'Pickup at our Tampa warehouse',
  2: 'Delivery to the school',
  3: 'Reorder during the school year',
} as const;
export const MAGNET_PACKS = [250, 500, 1000] as const;
export const TAG_STYLES = ['Happy Car', 'Vertical Hangers'] as const;
export const TAG_COLORS = ['Blue', 'Yellow', 'Purple', 'Green', 'Special Request'] as const;
export const TAG_TYPES = ['School Logo Only', 'Logo and Prenumbered'] as const;
/** 0 no payment required, 1 finalize and invoice now, 2 finalize and pay by card now, 3 just reserve, 4 invoice after delivery. */
export const PAYMENT_OPTIONS = {
  0: 'No Payment Required',
  3: 'Just placing reservation',
  4: 'Invoice after delivery',
  1: 'Finalize order and invoice now',
  2: 'Finalize and pay now with credit card',
} as const;

const COUNT_MAX = 1_000_000;
const TEXT_MAX = 1000;

/** Typed digits become a number; blank is none; anything else is left for the number rule to refuse. */
function readNumber(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return value;
  const typed = value.trim();
  if (typed === '') return null;
  return /^[+-]?\d+(\.\d+)?$/.test(typed) ? Number(typed) : value;
}

/** A count typed into a number box: a whole number, none when blank. */
const count = (multipleOf?: { of: number; message: string }) =>
  z.preprocess(
    readNumber,
    z
      .number({ error: MSG.wholeNumber })
      .int(MSG.wholeNumber)
      .min(0, MSG.wholeNumber)
      .max(COUNT_MAX, numberTooBig(COUNT_MAX))
      .refine((n) => !multipleOf || n % multipleOf.of === 0, multipleOf?.message ?? MSG.wholeNumber)
      .nullable(),
  );

/** One of the listed values, sent as a number or as its digits; none when blank. */
const numberChoice = <T extends number>(options: readonly T[]) =>
  z.preprocess(readNumber, z.literal(options as unknown as [T, ...T[]], { error: MSG.chooseFromList }).nullable());

/** One of the listed words; none when blank. */
const wordChoice = <T extends string>(options: readonly T[]) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? null : v),
    z.enum(options as unknown as [T, ...T[]], { error: MSG.chooseFromList }).nullable(),
  );

const text = (max = TEXT_MAX) =>
  z
    .string({ error: MSG.invalidValue })
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((v) => v ?? '');

/** A tick box: true, 1, '1', 'true' or 'on' is ticked. */
const ticked = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on', z.boolean());

const of50 = { of: 50, message: MSG.multiplesOf50 };
const of250 = { of: 250, message: MSG.multiplesOf250 };

export const OrderFormFields = z.object({
  school_year: text(20),
  noprimary_planners: count(),
  nostandard_planners: count(),
  no8511_planners: count(),
  no69_planners: count(),
  cust_pages: numberChoice([1, 2]),
  nocust_pages: count(),
  vinyl_pockets: numberChoice([1, 2]),
  novinyl_pockets: count(),
  cover_optn: numberChoice([1, 2, 3]),
  cover_optn_school_name: text(200),
  delivery_optn: numberChoice([1, 2, 3]),
  sr_inst_req: ticked,
  sr_inst: text(),
  ss_car_mag_add: numberChoice([1, 2]),
  ss_car_mag: numberChoice(MAGNET_PACKS),
  nocar_dismissal: count(of50),
  style_of_tag: wordChoice(TAG_STYLES),
  style_of_tag_color: wordChoice(TAG_COLORS),
  style_of_tag_inst: text(),
  type_of_tag: wordChoice(TAG_TYPES),
  type_of_tag_inst: text(),
  nohomework_folders: count(of250),
  nocar_rider: count(of50),
  nobus_rider: count(of50),
  noafter_school: count(of50),
  nowalker_biker: count(of50),
  /** 1 tax exempt, 0 not. */
  tax: numberChoice([1, 0]),
  payment_method: numberChoice([0, 1, 2, 3, 4]),
  purchase_order: text(100),
  agreed: ticked,
});
/** What a client sends: any field may be left out. */
export type TOrderFormFields = Partial<z.input<typeof OrderFormFields>>;
export type OrderFormValues = z.output<typeof OrderFormFields>;

/** The number of planners of all four kinds (D10's P). */
export const plannerCount = (
  v: Pick<OrderFormValues, 'noprimary_planners' | 'nostandard_planners' | 'no8511_planners' | 'no69_planners'>,
) => (v.noprimary_planners ?? 0) + (v.nostandard_planners ?? 0) + (v.no8511_planners ?? 0) + (v.no69_planners ?? 0);

/**
 * Every rule of spec §5 that depends on other answers, as {field: message}: what ordering
 * planners makes required, what each choice brings with it, the school year, the payment
 * option and the terms. Empty when the form may be completed.
 */
export function completionErrors(v: OrderFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const need = (field: keyof OrderFormValues, present: boolean, message: string = MSG.required) => {
    if (!present && !errors[field]) errors[field] = message;
  };
  need('school_year', v.school_year !== '', MSG.selectSchoolYear);
  if (plannerCount(v) > 0) {
    for (const field of [
      'cust_pages',
      'vinyl_pockets',
      'cover_optn',
      'delivery_optn',
      'ss_car_mag_add',
      'tax',
    ] as const) {
      need(field, v[field] !== null);
    }
  }
  if (v.cust_pages === 1) need('nocust_pages', (v.nocust_pages ?? 0) > 0, MSG.wholeNumber);
  if (v.vinyl_pockets === 1) need('novinyl_pockets', (v.novinyl_pockets ?? 0) > 0, MSG.wholeNumber);
  if (v.cover_optn === 2) need('cover_optn_school_name', v.cover_optn_school_name !== '');
  if (v.sr_inst_req) need('sr_inst', v.sr_inst !== '');
  if (v.ss_car_mag_add === 1) need('ss_car_mag', v.ss_car_mag !== null);
  if ((v.nocar_dismissal ?? 0) > 0) {
    need('style_of_tag', v.style_of_tag !== null);
    if (v.style_of_tag === 'Happy Car') need('style_of_tag_color', v.style_of_tag_color !== null);
    if (v.style_of_tag === 'Happy Car' && v.style_of_tag_color === 'Special Request') {
      need('style_of_tag_inst', v.style_of_tag_inst !== '');
    }
    if (v.style_of_tag === 'Vertical Hangers') need('type_of_tag', v.type_of_tag !== null);
    if (v.style_of_tag === 'Vertical Hangers' && v.type_of_tag === 'Logo and Prenumbered') {
      need('type_of_tag_inst', v.type_of_tag_inst !== '');
    }
  }
  need('payment_method', v.payment_method !== null, MSG.choosePaymentOption);
  // No payment required ticks the terms by itself (spec §4).
  need('agreed', v.agreed || v.payment_method === 0, MSG.acceptTerms);
  return errors;
}

/** The form as the final save checks it: formats, then every rule of completionErrors. */
export const CompleteOrderFields = OrderFormFields.superRefine((values, ctx) => {
  for (const [field, message] of Object.entries(completionErrors(values))) {
    ctx.addIssue({ code: 'custom', path: [field], message });
  }
});

/**
 * What the form keeps of the tag choices: a Happy Car has a color and no type, a Vertical
 * Hanger a type and no color (spec §5), and instructions go with the choice that asks for them.
 */
export function withTagChoicesCleared(v: OrderFormValues): OrderFormValues {
  const happy = v.style_of_tag === 'Happy Car';
  const hanger = v.style_of_tag === 'Vertical Hangers';
  const color = happy ? v.style_of_tag_color : null;
  const type = hanger ? v.type_of_tag : null;
  return {
    ...v,
    style_of_tag_color: color,
    style_of_tag_inst: color === 'Special Request' ? v.style_of_tag_inst : '',
    type_of_tag: type,
    type_of_tag_inst: type === 'Logo and Prenumbered' ? v.type_of_tag_inst : '',
  };
}
