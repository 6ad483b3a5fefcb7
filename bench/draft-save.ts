import type { TRegisterBody } from '@portal/contracts/auth';
import type { TProductInfoResponse } from '@portal/contracts/catalogue';
import { USER_TYPE, XSRF_COOKIE, XSRF_HEADER } from '@portal/contracts/constants';
import { ORDER_FORM_FIELD_NAMES, type TTempOrderResponse, type TUpdateTempOrderBody } from '@portal/contracts/orders';

/** The planner a school orders from its product page; the bench catalogue has it. */
const PRODUCT_SLUG = 'primary-planner-classic-blue';

/** What the draft-save requests carry: a school's session, its anti-forgery pair and the form. */
export interface DraftSaveRequest {
  headers: Record<string, string>;
  /** The first order's draft. */
  body: string;
  /** Each order's draft, one per connection. */
  bodies: string[];
}

export async function call<T>(url: string, init: RequestInit = {}): Promise<{ json: T }> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return { json: (text ? JSON.parse(text) : undefined) as T };
}

/** The anti-forgery cookie the app hands out with its HTML, as a browser receives it on its first visit. */
export async function xsrfCookie(appUrl: string): Promise<string> {
  const response = await fetch(`${appUrl}/`, { signal: AbortSignal.timeout(10_000) });
  await response.arrayBuffer();
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';');
    const at = pair.indexOf('=');
    if (pair.slice(0, at).trim() === XSRF_COOKIE) return pair.slice(at + 1).trim();
  }
  throw new Error(`GET ${appUrl}/ (${response.status}) set no ${XSRF_COOKIE} cookie`);
}

/**
 * Signs a new school up through the API, as the registration page does (production seeds no
 * demo accounts), starts `orders` reservations of a planner from the product page, and fills
 * in each one's form as a school halfway through it would: every field sent as the form
 * sends it, with the planners, pages, cover, delivery, magnets and free items chosen, and
 * the terms not yet agreed to. Saving it as a draft keeps the order Pending, so every request
 * of the run is an accepted save. One order per connection stands for that many schools
 * filling in their forms at once; saves of one single order would instead queue on its row
 * lock, each waiting for the one before it to reach the disk.
 */
export async function prepareDraftSave(appUrl: string, orders: number): Promise<DraftSaveRequest> {
  const xsrf = await xsrfCookie(appUrl);
  const unsafe = { 'content-type': 'application/json', [XSRF_HEADER]: xsrf, cookie: `${XSRF_COOKIE}=${xsrf}` };

  const email = `bench-school-${Date.now().toString(36)}@example.org`;
  const registration = {
    email,
    password: 'bench-password-2026',
    usertype: USER_TYPE.school,
  } satisfies TRegisterBody;
  const { json: signedUp } = await call<{ token: string }>(`${appUrl}/api/loginnewreg`, {
    method: 'POST',
    headers: unsafe,
    body: JSON.stringify(registration),
  });
  const signedIn = { ...unsafe, authorization: `Bearer ${signedUp.token}` };

  const { json: info } = await call<TProductInfoResponse>(`${appUrl}/api/productinfo?slug=${PRODUCT_SLUG}`);
  const orderKeys: string[] = [];
  for (let i = 0; i < orders; i++) {
    const { json: cart } = await call<{ order_key: string }>(`${appUrl}/api/addtocartv2`, {
      method: 'POST',
      headers: signedIn,
      body: JSON.stringify({ product_id: info.product.product_id, qty: 1 }),
    });
    orderKeys.push(cart.order_key);
  }
  const { json: form } = await call<TTempOrderResponse>(
    `${appUrl}/api/temporder?order_key=${encodeURIComponent(orderKeys[0] ?? '')}`,
    { headers: { authorization: signedIn.authorization } },
  );
  const schoolYear = form.rangeyear.at(-1);
  if (!schoolYear) throw new Error('GET /api/temporder offered no school year');

  const bodies = orderKeys.map((orderKey) => JSON.stringify(draft(orderKey, schoolYear)));
  return { headers: signedIn, body: bodies[0] ?? '', bodies };
}

/** A form halfway to complete, as the web app sends it while it is filled in. */
function draft(orderKey: string, schoolYear: string): TUpdateTempOrderBody {
  return {
    order_key: orderKey,
    draft: 1,
    status: 'Pending',
    school_year: schoolYear,
    noprimary_planners: '120',
    nostandard_planners: '80',
    no8511_planners: '40',
    no69_planners: '20',
    cust_pages: '1',
    nocust_pages: '4',
    vinyl_pockets: '2',
    novinyl_pockets: '',
    cover_optn: '2',
    cover_optn_school_name: 'Palm Grove Elementary',
    delivery_optn: '2',
    sr_inst_req: false,
    sr_inst: '',
    ss_car_mag_add: '1',
    ss_car_mag: '500',
    nocar_dismissal: '100',
    style_of_tag: 'Happy Car',
    style_of_tag_color: 'Blue',
    style_of_tag_inst: '',
    type_of_tag: '',
    type_of_tag_inst: '',
    nohomework_folders: '250',
    nocar_rider: '150',
    nobus_rider: '100',
    noafter_school: '50',
    nowalker_biker: '50',
    tax: '0',
    payment_method: '3',
    purchase_order: 'PO-2026-0417',
    agreed: false,
    free_tnc_accepted: false,
    // The web app names the fields changed since its last save; all of them here, so that
    // the order is priced as a whole form and the list is as long as it gets.
    changed: [...ORDER_FORM_FIELD_NAMES],
  };
}
