import { zodResolver } from '@hookform/resolvers/zod';
import { CompleteOrderFields, OrderFormFields, plannerCount } from '@portal/contracts/orders';
import type { Resolver } from 'react-hook-form';

export const FIELDS = Object.keys(OrderFormFields.shape) as FieldName[];
const TICKS = new Set(['sr_inst_req', 'agreed', 'free_tnc_accepted']);

export type FieldName = keyof typeof OrderFormFields.shape;

/** The form's values as its inputs hold them: text for boxes and choices, true/false for ticks. */
export type FormValues = {
  [K in FieldName]: K extends 'sr_inst_req' | 'agreed' | 'free_tnc_accepted' ? boolean : string;
};

/** The server's stored answers as the form's inputs hold them. */
export function toFormValues(saved: Record<string, unknown>): FormValues {
  return Object.fromEntries(
    FIELDS.map((f) => {
      const v = saved[f];
      if (TICKS.has(f)) return [f, v === true || v === 1 || v === '1'];
      return [f, v === null || v === undefined ? '' : String(v)];
    }),
  ) as FormValues;
}

/** A draft is checked for formats only; a completing button checks every rule (spec §5). */
export const draftResolver = zodResolver(OrderFormFields) as unknown as Resolver<FormValues>;
export const completeResolver = zodResolver(CompleteOrderFields) as unknown as Resolver<FormValues>;

export type FormButton = 'later' | 'complete' | 'finalize';
export const STATUS_FOR: Record<FormButton, 'Pending' | 'Reserved' | 'Order Placed'> = {
  later: 'Pending',
  complete: 'Reserved',
  finalize: 'Order Placed',
};

const PLANNER_COUNTS = OrderFormFields.pick({
  noprimary_planners: true,
  nostandard_planners: true,
  no8511_planners: true,
  no69_planners: true,
});
const NO_PLANNERS = { noprimary_planners: null, nostandard_planners: null, no8511_planners: null, no69_planners: null };

export const plannersOf = (values: FormValues) => plannerCount(PLANNER_COUNTS.safeParse(values).data ?? NO_PLANNERS);
export const plannerTotal = (values: FormValues) => ({ planners: plannersOf(values) });

/**
 * The values the form's sections, buttons and notes depend on: the form re-renders when one
 * changes, and only then. A section that shows, hides or changes with another field reads
 * that field from here, and the field must be added here: read from the form instead, it
 * would not follow the field's changes.
 */
export function formShape(values: FormValues) {
  return {
    plannersOrdered: plannersOf(values) > 0,
    payment_method: values.payment_method,
    agreed: values.agreed,
    free_tnc_accepted: values.free_tnc_accepted,
    tax: values.tax,
    cust_pages: values.cust_pages,
    vinyl_pockets: values.vinyl_pockets,
    cover_optn: values.cover_optn,
    sr_inst_req: values.sr_inst_req,
    ss_car_mag_add: values.ss_car_mag_add,
    nocar_dismissal: values.nocar_dismissal,
    style_of_tag: values.style_of_tag,
    style_of_tag_color: values.style_of_tag_color,
    type_of_tag: values.type_of_tag,
    nohomework_folders: values.nohomework_folders,
  };
}
export type FormShape = ReturnType<typeof formShape>;

/**
 * The form's latest values until the server has them, so that a school whose session
 * expired while filling it in finds its answers again after signing back in.
 */
export const unsaved = {
  slot: (orderKey: string) => `order-form:${orderKey}`,
  keep(orderKey: string, values: FormValues) {
    try {
      sessionStorage.setItem(this.slot(orderKey), JSON.stringify(values));
    } catch {
      // Storage full or refused: the draft itself still goes to the server.
    }
  },
  read(orderKey: string): FormValues | null {
    try {
      const stored = sessionStorage.getItem(this.slot(orderKey));
      return stored ? { ...toFormValues({}), ...(JSON.parse(stored) as Partial<FormValues>) } : null;
    } catch {
      return null;
    }
  },
  clear(orderKey: string) {
    sessionStorage.removeItem(this.slot(orderKey));
  },
};

/** Brings the first field with a message into view, and into focus. */
export function showFirstProblem() {
  requestAnimationFrame(() => {
    const first = document.querySelector<HTMLElement>('form [aria-invalid="true"], form [data-invalid="true"]');
    if (!first) return;
    first.scrollIntoView({ block: 'center', behavior: 'smooth' });
    const focusable = first.matches('input, textarea, select, button')
      ? first
      : first.querySelector<HTMLElement>('input, textarea, select, button');
    focusable?.focus({ preventScroll: true });
  });
}
