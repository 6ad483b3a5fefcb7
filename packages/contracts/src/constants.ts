/** Business constants shared by the server and the web app (spec §9 of both documents). */

export const USER_TYPE = {
  admin: 1,
  salesRep: 2,
  school: 4,
  sponsor: 5,
} as const;
export type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];

export const CATEGORY_PAGE_SIZE = 24;
export const LIST_PAGE_SIZE = 12;
export const DEFAULT_SORT = 'newest';
export const PRODUCT_SORTS = ['newest', 'name_asc', 'name_desc', 'price_asc', 'price_desc'] as const;

/**
 * A new password's length (NIST SP 800-63B, decision 027): at least 8 characters, and at
 * most 128, so that no one has the server hash megabytes. Counted in characters as people
 * see them (code points), not UTF-16 units.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PHONE_LENGTH = 10;

export const TOAST_MS = 5000;
export const LOGOUT_RELOAD_MS = 300;

/** The header becomes fixed past this many pixels of scroll… */
export const HEADER_FIX_AFTER_PX = 50;
/** …and hides while scrolling down past this many. */
export const HEADER_HIDE_AFTER_PX = 100;

export const BASE_YEAR = 2024;
export const SOCIAL_IMAGE_SIZE = 600;
export const MINIMUM_AGE = 13;
export const PRIVACY_POLICY_DATE = 'February 19, 2024';

/** Upload limit of product decision D7. */
/** The smallest card payment the gateway takes (Stripe's minimum charge in US dollars). */
export const MIN_CARD_PAYMENT_CENTS = 50;

export const UPLOAD_MAX_BYTES = 5_242_880;
export const UPLOAD_EXTENSIONS = ['doc', 'docx', 'pdf', 'jpg', 'jpeg', 'png', 'gif'] as const;

/** Session lifetimes of product decision D4: how long a session lives unused, sliding forward with each use. */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
export const SESSION_REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * However often it is used, a session ends this long after its sign-in (decision 028): 30
 * days for a school or a sponsor, "remember me" or not…
 */
export const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;
/** …and 12 hours for staff, whose sessions reach every school's and sponsor's records, whatever "remember me" said. */
export const STAFF_SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** The provider's staff: administrators and sales reps. */
export const STAFF_USER_TYPES: readonly number[] = [USER_TYPE.admin, USER_TYPE.salesRep];
export const RESET_KEY_TTL_MS = 60 * 60 * 1000;

/**
 * The keys the spec keeps in the browser's storage (isLoggedIn, token, usertype, cartID,
 * backurl), and ours: set when the server stopped knowing the session.
 */
export const BROWSER_STORAGE = {
  isLoggedIn: 'isLoggedIn',
  token: 'token',
  usertype: 'usertype',
  cartId: 'cartID',
  backUrl: 'backurl',
  expired: 'sessionExpired',
} as const;

/** Anti-forgery cookie and header of product decision D5. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** Content page ids the screens read their title and description from. */
export const CONTENT_PAGE = {
  home: 1,
  about: 2,
  contact: 3,
  privacy: 4,
  terms: 5,
  checkout: 6,
  schoolLogin: 7,
  schoolRegister: 8,
  sponsorLogin: 9,
  sponsorRegister: 10,
  orderForm: 11,
  products: 12,
} as const;
export const CONTENT_PAGE_COUNT = 12;

/** The longest search the catalogue answers; the search box takes no more. */
export const SEARCH_MAX = 200;
