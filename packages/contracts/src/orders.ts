import { z } from 'zod';
import { successWith } from './envelope.ts';
import { readTypedNumber } from './fields.ts';
import { MSG, numberTooBig, tooLong, unknownFormField } from './messages.ts';
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

/** The words of a choice (delivery, cover, payment option…) as kept in a form or on an order; '' when none or unknown. */
export const optionName = (options: Record<number, string>, value: unknown): string =>
  value === null || value === undefined || value === '' ? '' : (options[Number(value)] ?? '');

/** An order's payment option in words, '' when none. */
export const paymentOptionName = (method: unknown): string => optionName(PAYMENT_OPTIONS, method);

/**
 * What a screen says of sales tax beside an order's prices: staff add it later (D10), in
 * the words of the site's sales-tax note (D9) once it is known, except to a school that is
 * exempt, which must not read that it will be added; nothing once it has been added.
 */
export function salesTaxNote(taxExempt: boolean, hasTax: boolean, siteNote?: string): string | null {
  if (taxExempt) return MSG.taxExemptNote;
  return hasTax ? null : siteNote || MSG.taxAddedLater;
}

const COUNT_MAX = 1_000_000;
const TEXT_MAX = 1000;

/** A count typed into a number box: a whole number, none when blank. */
const count = (multipleOf?: { of: number; message: string }) =>
  z.preprocess(
    readTypedNumber,
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
  z.preprocess(readTypedNumber, z.literal(options as unknown as [T, ...T[]], { error: MSG.chooseFromList }).nullable());

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
  /** The free-products terms were accepted on the form (spec §2); kept on the order once given. */
  free_tnc_accepted: ticked,
});
export type OrderFormFieldName = keyof typeof OrderFormFields.shape;
export const ORDER_FORM_FIELD_NAMES = Object.keys(OrderFormFields.shape) as [
  OrderFormFieldName,
  ...OrderFormFieldName[],
];

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

/** An order's key (D11): unguessable, in the form's address. */
const orderKey = z.string({ error: MSG.orderKeyRequired }).trim().min(1, MSG.orderKeyRequired).max(100, tooLong(100));

/** GET /api/temporder */
export const TempOrderQuery = z.object({ order_key: orderKey });

/** Money on the wire (spec): decimal dollars with two places, "TBA" where a price comes later. */
const decimal = z.string();
export const WirePriceRow = z.object({ name: z.string(), qty: z.number(), unit_price: decimal, amount: decimal });
export type TWirePriceRow = z.infer<typeof WirePriceRow>;

/** A stored file as clients list it: `file_path` downloads it (its owner or staff), `file_path_raw` names it to removefile. */
export const OrderFileEntry = z.object({ file_name: z.string(), file_path: z.string(), file_path_raw: z.string() });
export type TOrderFileEntry = z.infer<typeof OrderFileEntry>;
/** The form's four artwork kinds (spec §3). */
export const ORDER_FILE_TYPES = ['custom_pages', 'cover_optn', 'fss_car_mag', 'fhomework_folders'] as const;
/** The files an order keeps: the artwork and the purchase-order document beside the PO number. */
export const FORM_FILE_TYPES = [...ORDER_FILE_TYPES, 'po_document'] as const;
export type FormFileType = (typeof FORM_FILE_TYPES)[number];

/** The school's tax-exemption certificate, kept on the school and offered again on each order. */
export const TaxCertificate = OrderFileEntry.extend({
  expires_on: z.string().nullable(),
  /** True once the expiry date has passed. */
  expired: z.boolean(),
});
export type TTaxCertificate = z.infer<typeof TaxCertificate>;

/** The school's own statuses, then those staff move a placed order through (D15), and Cancelled. */
export const ORDER_STATUSES = [
  'Pending',
  'Reserved',
  'Order Placed',
  'In production',
  'Shipped',
  'Ready for pickup',
  'Delivered',
  'Cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The prices and total of an order as the form shows them: the server's, never the client's (D10). */
export const OrderPricing = z.object({
  custom_price: z.array(WirePriceRow),
  total_amount: decimal,
  total_amount_html: z.string(),
  has_tax: z.boolean(),
});

export const TempOrderResponse = successWith({
  order: OrderPricing.extend({
    order_id: z.number().int(),
    order_key: z.string(),
    /** The form's values as last saved (OrderFormFields, read). */
    custom_fields: z.record(z.string(), z.unknown()),
    order_status: z.enum(ORDER_STATUSES),
    current_order_status: z.enum(ORDER_STATUSES),
    /** Whether the form may still be changed (D12). */
    editable: z.boolean(),
    /** Why the school can no longer change the order (lockMessage), or '' while it can (D12). */
    lock_reason: z.string(),
    /** Locked by its cut-off, the reservation may still be finalized and paid as it was reserved (D12). */
    finalize_only: z.boolean(),
    /** Free items or magnets are ordered, so their terms apply (spec §4). */
    free_tnc_req: z.boolean(),
    /** The free-products terms have been accepted for this order. */
    free_tnc_accepted: z.boolean(),
    product: z.object({
      name: z.string(),
      slug: z.string(),
      image: z.string(),
      category: z.string(),
      regular_price_html: z.string(),
      total_amount_html: z.string(),
    }),
  }),
  isneworder: z.boolean(),
  costs: z.record(z.string(), decimal),
  rangeyear: z.array(z.string()),
  files: z.object(
    Object.fromEntries(FORM_FILE_TYPES.map((t) => [t, z.array(OrderFileEntry)])) as Record<
      FormFileType,
      z.ZodArray<typeof OrderFileEntry>
    >,
  ),
  /** The school's newest tax-exemption certificate, whichever order it came with; null if it has none. */
  tax_certificate: TaxCertificate.nullable(),
});
export type TTempOrderResponse = z.infer<typeof TempOrderResponse>;

/**
 * POST /api/updatetemporder: the form's values with the button pressed. draft 1 saves as
 * the form is filled in (formats only); draft 0 completes it, to the status asked for:
 * Reserved (Complete Reservation, Save Updates) or Order Placed (Finalize Order).
 */
export const UpdateTempOrderBody = OrderFormFields.extend({
  order_key: orderKey,
  draft: z.preprocess(
    (v) => (v === '1' || v === 1 || v === true ? 1 : v === '0' || v === 0 || v === false ? 0 : v),
    z.literal([0, 1], { error: MSG.invalidValue }),
  ),
  status: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'Pending' : v),
    z.enum(['Pending', 'Reserved', 'Order Placed'], { error: MSG.invalidValue }),
  ),
  /**
   * The fields this client changed since its last acknowledged save. When given, only these
   * are taken from the body and every other answer stays as the order has it, so that a
   * save never undoes what another window saved meanwhile; without it the body is the
   * whole form.
   */
  changed: z
    .array(z.enum(ORDER_FORM_FIELD_NAMES, { error: (issue) => unknownFormField(String(issue.input)) }), {
      error: MSG.invalidValue,
    })
    .max(ORDER_FORM_FIELD_NAMES.length * 2, MSG.invalidValue)
    .optional(),
});
/** What a client sends: the key and the button, and any of the form's fields. */
export type TUpdateTempOrderBody = TOrderFormFields & {
  order_key: string;
  draft: 0 | 1 | '0' | '1';
  status?: string;
  changed?: OrderFormFieldName[];
};

export const UpdateTempOrderResponse = successWith({
  order_key: z.string(),
  order_status: z.enum(ORDER_STATUSES),
  /** 'internal': `redirect` is a page of ours to open next; empty while drafting. */
  type: z.enum(['internal', 'external', '']),
  redirect: z.string(),
  ...OrderPricing.shape,
  /** The form's answers as the order now has them: the ones sent over those saved meanwhile (OrderFormFields, read). */
  custom_fields: z.record(z.string(), z.unknown()),
});
export type TUpdateTempOrderResponse = z.infer<typeof UpdateTempOrderResponse>;

/** The free sponsored items' counts (D10), whose terms the school accepts (spec §4). */
export const FREE_ITEM_FIELDS = [
  'nocar_dismissal',
  'nohomework_folders',
  'nocar_rider',
  'nobus_rider',
  'noafter_school',
  'nowalker_biker',
] as const satisfies readonly (keyof OrderFormValues)[];
