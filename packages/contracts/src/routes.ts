import { CONTENT_PAGE } from './constants.ts';

/**
 * Every screen of the web app (both spec documents), with who may open it. The web app
 * builds its router from this list; the server uses it to answer unknown paths with 404
 * and to write each public page's head.
 */
export type Guard = 'public' | 'school' | 'sponsor' | 'staff';

export interface RouteDef {
  path: string;
  guard: Guard;
  /** The content page whose title and description the page carries. */
  contentPage?: number;
}

export const ROUTES = {
  home: { path: '/', guard: 'public', contentPage: CONTENT_PAGE.home },
  about: { path: '/about', guard: 'public', contentPage: CONTENT_PAGE.about },
  contact: { path: '/contact', guard: 'public', contentPage: CONTENT_PAGE.contact },
  privacy: { path: '/privacy-policy', guard: 'public', contentPage: CONTENT_PAGE.privacy },
  terms: { path: '/terms-of-service', guard: 'public', contentPage: CONTENT_PAGE.terms },
  products: { path: '/products', guard: 'public', contentPage: CONTENT_PAGE.products },
  search: { path: '/search', guard: 'public', contentPage: CONTENT_PAGE.products },
  category: { path: '/category/:slug', guard: 'public' },
  product: { path: '/product/:slug', guard: 'public' },
  schoolLogin: { path: '/school/login', guard: 'public', contentPage: CONTENT_PAGE.schoolLogin },
  schoolRegister: { path: '/school/register', guard: 'public', contentPage: CONTENT_PAGE.schoolRegister },
  sponsorLogin: { path: '/sponsor/login', guard: 'public', contentPage: CONTENT_PAGE.sponsorLogin },
  sponsorRegister: { path: '/sponsor/register', guard: 'public', contentPage: CONTENT_PAGE.sponsorRegister },
  forgotPassword: { path: '/forgot-password', guard: 'public' },
  setPassword: { path: '/set-password/:key', guard: 'public' },
  sponsorshipPay: { path: '/sponsorship-pay/:key', guard: 'public' },
  sponsorshipPaymentConfirmed: { path: '/sponsorship-payment-confirmed/:id', guard: 'public' },
  sponsorshipPaymentError: { path: '/sponsorship-payment-error/:id', guard: 'public' },
  orderPay: { path: '/order-pay/:key', guard: 'public' },
  orderPaymentConfirmed: { path: '/order-payment-confirmed/:id', guard: 'public' },
  orderPaymentError: { path: '/order-payment-error/:id', guard: 'public' },

  schoolDetails: { path: '/school/details', guard: 'school' },
  schoolDashboard: { path: '/school/dashboard', guard: 'school' },
  schoolProfile: { path: '/school/profile', guard: 'school' },
  schoolOrders: { path: '/school/orders', guard: 'school' },
  schoolOrder: { path: '/school/order/:key', guard: 'school' },
  schoolSupport: { path: '/school/support', guard: 'school' },
  orderNow: { path: '/order-now/:key', guard: 'school', contentPage: CONTENT_PAGE.orderForm },
  checkout: { path: '/checkout/:key', guard: 'school', contentPage: CONTENT_PAGE.checkout },
  orderConfirmed: { path: '/order-confirmed/:key', guard: 'school' },
  paymentError: { path: '/payment-error/:key', guard: 'school' },

  sponsorDetails: { path: '/sponsor/details', guard: 'sponsor' },
  sponsorDashboard: { path: '/sponsor/dashboard', guard: 'sponsor' },
  sponsorProfile: { path: '/sponsor/profile', guard: 'sponsor' },
  sponsorOrders: { path: '/sponsor/orders', guard: 'sponsor' },
  sponsorEnquiry: { path: '/sponsor/enquiry/:key', guard: 'sponsor' },
  enquireNow: { path: '/enquire-now/:key', guard: 'sponsor', contentPage: CONTENT_PAGE.orderForm },
  enquiryConfirmed: { path: '/enquiry-confirmed/:key', guard: 'sponsor' },
  sponsorSupport: { path: '/sponsor/support', guard: 'sponsor' },
  sponsorships: { path: '/sponsor/sponsorships', guard: 'sponsor' },
  sponsorship: { path: '/sponsor/sponsorship/:id', guard: 'sponsor' },
  sponsorshipConfirmed: { path: '/sponsorship-confirmed/:key', guard: 'sponsor' },
  sponsorshipError: { path: '/sponsorship-error/:key', guard: 'sponsor' },
  bulkSponsorshipConfirmed: { path: '/bulksponsorship-confirmed/:key', guard: 'sponsor' },
  bulkSponsorshipError: { path: '/bulksponsorship-error/:key', guard: 'sponsor' },
  sponsorCheckout: { path: '/sponsor/checkout', guard: 'sponsor', contentPage: CONTENT_PAGE.checkout },

  adminLogin: { path: '/admin/login', guard: 'public' },
  admin: { path: '/admin/*', guard: 'staff' },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof ROUTES;

/** Where the back office starts; its own screens live below it. */
export const BACK_OFFICE_PATH = '/admin';

/** Fills a route's `:params`: routePath('product', { slug: 'x' }) → '/product/x'. */
export function routePath(name: RouteName, params: Record<string, string | number> = {}): string {
  return ROUTES[name].path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}

const compiled = Object.values(ROUTES).map((r) => ({
  route: r as RouteDef,
  pattern: new RegExp(
    `^${r.path
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\/\*$/, '(?:/.*)?')
      .replace(/:\w+/g, '[^/]+')}/?$`,
  ),
}));

/** The route a path belongs to, or undefined when no screen has it (Page not found). */
export function matchRoute(pathname: string): RouteDef | undefined {
  return compiled.find((c) => c.pattern.test(pathname))?.route;
}
