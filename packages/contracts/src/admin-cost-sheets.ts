import { z } from 'zod';
import { AuditEntry } from './admin.ts';
import { successWith } from './envelope.ts';
import { MSG } from './messages.ts';
import { COVER_OPTIONS, DELIVERY_OPTIONS } from './orders.ts';
import { queryInt } from './query.ts';
import './zod-messages.ts';

/**
 * The prices of an orderable product's reservation form (D10), under the names the form's
 * `costs` carries them (spec §3), in the order the form asks for them.
 */
export const COST_SHEET_PRICES = [
  'plannerPrice',
  'custPagePrice',
  'vinylPrice',
  'coverPrice_1',
  'coverPrice_2',
  'coverPrice_3',
  'deliveryPrice_1',
  'deliveryPrice_2',
  'deliveryPrice_3',
  'carMagnetPrice_250',
  'carMagnetPrice_500',
  'carMagnetPrice_1000',
] as const;
export type CostSheetPrice = (typeof COST_SHEET_PRICES)[number];

/** What each price is, in the words of the school's reservation form, and how it is charged (D10). */
export const COST_SHEET_TEXTS: Record<CostSheetPrice, { group: string; label: string; charged: string }> = {
  plannerPrice: {
    group: 'Planners',
    label: 'Planner',
    charged: 'Each planner, whatever its kind (primary, standard, 8.5 x 11, 6 x 9).',
  },
  custPagePrice: {
    group: 'Custom pages',
    label: 'Custom page (printed side)',
    charged: 'Per printed side, per planner.',
  },
  vinylPrice: { group: 'Vinyl pockets', label: 'Vinyl pocket', charged: 'Per pocket, per planner.' },
  coverPrice_1: { group: 'Cover', label: COVER_OPTIONS[1], charged: 'Per planner.' },
  coverPrice_2: { group: 'Cover', label: COVER_OPTIONS[2], charged: 'Per planner.' },
  coverPrice_3: { group: 'Cover', label: COVER_OPTIONS[3], charged: 'Per planner.' },
  deliveryPrice_1: { group: 'Delivery', label: DELIVERY_OPTIONS[1], charged: 'Once per order.' },
  deliveryPrice_2: { group: 'Delivery', label: DELIVERY_OPTIONS[2], charged: 'Per planner.' },
  deliveryPrice_3: {
    group: 'Delivery',
    label: DELIVERY_OPTIONS[3],
    charged: 'Not charged on the form: the school sees “Price to be confirmed (TBA)”. Kept here for reference.',
  },
  carMagnetPrice_250: { group: 'Car magnets', label: '250 magnets', charged: 'Once per order.' },
  carMagnetPrice_500: { group: 'Car magnets', label: '500 magnets', charged: 'Once per order.' },
  carMagnetPrice_1000: { group: 'Car magnets', label: '1,000 magnets', charged: 'Once per order.' },
};

/** The most one price of a cost sheet may be: $10,000.00. */
export const MAX_COST_SHEET_PRICE_CENTS = 1_000_000;

/**
 * Dollars as staff type or paste them, read without floating point into cents: "12.5",
 * "$1,250.50", " 1250 " are read; a blank, a negative amount, more than two decimals or
 * anything else is not (undefined).
 */
export function dollarsToCents(text: string): number | undefined {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match || (match[1] === undefined && !match[2])) return undefined;
  const whole = (match[1] ?? '0').replaceAll(',', '');
  if (whole.length > 12) return undefined;
  return Number(whole) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents as a price field shows them: 125050 → "1,250.50". */
export function centsToDollarsField(cents: number): string {
  const whole = Math.floor(cents / 100).toLocaleString('en-US');
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** The reason a typed price is refused, or undefined when it is a price the sheet may hold. */
export function priceProblem(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return MSG.costSheetPriceRequired;
  if (/^\(.*\)$|^-|^\$\s*-/.test(trimmed)) return MSG.costSheetPriceNegative;
  const cents = dollarsToCents(trimmed);
  if (cents === undefined) return MSG.costSheetPriceInvalid;
  if (cents > MAX_COST_SHEET_PRICE_CENTS) return MSG.costSheetPriceTooHigh;
  return undefined;
}

/** One price as staff type it: a number (JSON clients) is read as dollars too. */
const price = z.preprocess(
  (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
  z.string({ error: MSG.costSheetPriceInvalid }).superRefine((text, ctx) => {
    const problem = priceProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

/** The cost sheet's prices as the edit form holds them: dollars, each as typed. */
export const CostSheetFields = z.object(
  Object.fromEntries(COST_SHEET_PRICES.map((key) => [key, price])) as Record<CostSheetPrice, typeof price>,
);
export type TCostSheetFields = z.input<typeof CostSheetFields>;

/**
 * POST /api/admin/cost-sheets/:id: every price, in dollars. `version` is the sheet's
 * as the form was opened: a save over a change made meanwhile is refused rather than undoing it.
 */
export const SaveCostSheetBody = CostSheetFields.extend({ version: z.string().max(40).optional() });
export type TSaveCostSheetBody = z.input<typeof SaveCostSheetBody>;

/** `:id` in the address: the product's id. */
export const CostSheetParams = z.object({ id: queryInt('id', { min: 1, max: 2_147_483_647 }) });

/** A cost sheet's prices in cents. */
const Cents = z.object(
  Object.fromEntries(COST_SHEET_PRICES.map((key) => [key, z.number().int()])) as Record<CostSheetPrice, z.ZodNumber>,
);
export type TCostSheetCents = z.infer<typeof Cents>;

/** GET /api/admin/cost-sheets?q=&page=: orderable products and their main prices. */
export const CostSheetsQuery = z.object({
  q: z.string().trim().max(200).optional(),
  page: queryInt('page', { min: 1, max: 100_000 }).default(1),
});
export type TCostSheetsQuery = z.input<typeof CostSheetsQuery>;

export const COST_SHEETS_PAGE_SIZE = 25;

export const CostSheetRow = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  category: z.string(),
  /** 1 listed, 0 hidden. */
  product_status: z.number().int(),
  /** The product page's regular price, in cents. */
  regular_price_cents: z.number().int(),
  /** Null when the product has no cost sheet yet (its form prices at nothing). */
  planner_price_cents: z.number().int().nullable(),
  delivery_price_cents: z.number().int().nullable(),
  updated_at: z.string().nullable(),
});
export type TCostSheetRow = z.infer<typeof CostSheetRow>;

export const CostSheetsResponse = successWith({
  sheets: z.array(CostSheetRow),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TCostSheetsResponse = z.infer<typeof CostSheetsResponse>;

/** GET /api/admin/cost-sheets/:id: the sheet, what the rep may do with it, and its history. */
export const CostSheetResponse = successWith({
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    category: z.string(),
    regular_price_cents: z.number().int(),
  }),
  /** False until the sheet is first saved: every price is then 0. */
  exists: z.boolean(),
  prices: Cents,
  /** The sheet's version, sent back with a save. */
  version: z.string(),
  updated_at: z.string().nullable(),
  /** Orders still Pending, which a change reprices, and those already given their prices, which it does not. */
  pending_orders: z.number().int(),
  kept_orders: z.number().int(),
  may_edit: z.boolean(),
  history: z.array(AuditEntry),
});
export type TCostSheetResponse = z.infer<typeof CostSheetResponse>;

export const SaveCostSheetResponse = successWith({ version: z.string(), repriced_orders: z.number().int() });
export type TSaveCostSheetResponse = z.infer<typeof SaveCostSheetResponse>;
