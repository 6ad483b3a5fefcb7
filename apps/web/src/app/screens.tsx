import type { RouteName } from '@portal/contracts/routes';
import { type ComponentType, lazy } from 'react';

type Screen = ComponentType;

type ScreenModule = { default: Screen };

/**
 * Each built screen's module, from src/: the browser loads it when the screen is first
 * visited, the server renders it into the first HTML, and that HTML preloads it.
 */
export const SCREEN_FILES: Partial<Record<RouteName, string>> = {
  home: 'features/home/routes/home.tsx',
  about: 'features/static-pages/routes/about.tsx',
  contact: 'features/contact/routes/contact.tsx',
  products: 'features/catalogue/routes/all-products.tsx',
  search: 'features/catalogue/routes/search-results.tsx',
  category: 'features/catalogue/routes/category.tsx',
  product: 'features/catalogue/routes/product.tsx',
  privacy: 'features/static-pages/routes/privacy-policy.tsx',
  terms: 'features/static-pages/routes/terms-of-service.tsx',
  schoolLogin: 'features/auth/routes/school-login.tsx',
  sponsorLogin: 'features/auth/routes/sponsor-login.tsx',
  schoolRegister: 'features/auth/routes/school-register.tsx',
  sponsorRegister: 'features/auth/routes/sponsor-register.tsx',
  forgotPassword: 'features/auth/routes/forgot-password.tsx',
  setPassword: 'features/auth/routes/set-password.tsx',
  schoolDetails: 'features/school-account/routes/school-details.tsx',
  schoolDashboard: 'features/school-account/routes/school-dashboard.tsx',
  schoolProfile: 'features/school-account/routes/school-profile.tsx',
  sponsorDetails: 'features/sponsor-account/routes/sponsor-details.tsx',
  sponsorDashboard: 'features/sponsor-account/routes/sponsor-dashboard.tsx',
  sponsorProfile: 'features/sponsor-account/routes/sponsor-profile.tsx',
  sponsorOrders: 'features/sponsor-enquiries/routes/sponsor-enquiries.tsx',
  sponsorEnquiry: 'features/sponsor-enquiries/routes/sponsor-enquiry.tsx',
  enquireNow: 'features/sponsor-enquiries/routes/enquire-now.tsx',
  enquiryConfirmed: 'features/sponsor-enquiries/routes/enquiry-confirmed.tsx',
  orderNow: 'features/reservation/routes/order-now.tsx',
  adminLogin: 'features/auth/routes/admin-login.tsx',
  admin: 'features/admin/routes/back-office.tsx',
  checkout: 'features/reservation/routes/checkout.tsx',
  orderConfirmed: 'features/reservation/routes/order-confirmed.tsx',
  paymentError: 'features/reservation/routes/payment-error.tsx',
  schoolOrders: 'features/school-orders/routes/school-orders.tsx',
  schoolOrder: 'features/school-orders/routes/school-order.tsx',
  schoolSupport: 'features/support/routes/school-support.tsx',
  sponsorSupport: 'features/support/routes/sponsor-support.tsx',
  sponsorships: 'features/sponsorships/routes/sponsorships.tsx',
  sponsorship: 'features/sponsorships/routes/sponsorship.tsx',
  sponsorCheckout: 'features/sponsorships/routes/sponsor-checkout.tsx',
  sponsorshipConfirmed: 'features/sponsorships/routes/sponsorship-confirmed.tsx',
  sponsorshipError: 'features/sponsorships/routes/sponsorship-error.tsx',
  bulkSponsorshipConfirmed: 'features/sponsorships/routes/bulk-sponsorship-confirmed.tsx',
  bulkSponsorshipError: 'features/sponsorships/routes/bulk-sponsorship-error.tsx',
  sponsorshipPay: 'features/sponsorship-pay-links/routes/sponsorship-pay.tsx',
  sponsorshipPaymentConfirmed: 'features/sponsorship-pay-links/routes/sponsorship-payment-confirmed.tsx',
  sponsorshipPaymentError: 'features/sponsorship-pay-links/routes/sponsorship-payment-error.tsx',
  orderPay: 'features/order-pay-links/routes/order-pay.tsx',
  orderPaymentConfirmed: 'features/order-pay-links/routes/order-payment-confirmed.tsx',
  orderPaymentError: 'features/order-pay-links/routes/order-payment-error.tsx',
};

const screenModules = import.meta.glob<ScreenModule>('../features/*/routes/*.tsx');

/** The module of a built screen, loaded on first call. */
export function loadScreen(name: RouteName): (() => Promise<ScreenModule>) | undefined {
  const file = SCREEN_FILES[name];
  return file ? screenModules[`../${file}`] : undefined;
}

/** Every built screen's loader, for lib/screen-preload.ts (registered by main.tsx). */
export function screenLoaders(): Partial<Record<RouteName, () => Promise<ScreenModule>>> {
  const loaders: Partial<Record<RouteName, () => Promise<ScreenModule>>> = {};
  for (const name of Object.keys(SCREEN_FILES) as RouteName[]) {
    const load = loadScreen(name);
    if (load) loaders[name] = load;
  }
  return loaders;
}

/** The title each screen shows; screens not built yet show only this. */
export const SCREEN_TITLES: Record<RouteName, string> = {
  home: 'Home',
  about: 'About Us',
  contact: 'Contact Us',
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
  products: 'All Products',
  search: 'Search Results',
  category: 'Products',
  product: 'Product Details',
  schoolLogin: 'Log in as School',
  schoolRegister: 'Register as School',
  sponsorLogin: 'Log in as Sponsor',
  sponsorRegister: 'Contact Us',
  forgotPassword: 'Forgot Password',
  setPassword: 'Set New Password',
  sponsorshipPay: 'Pay your sponsorship',
  sponsorshipPaymentConfirmed: 'Payment Received',
  sponsorshipPaymentError: 'Payment declined',
  orderPay: 'Pay your order',
  orderPaymentConfirmed: 'Payment Received',
  orderPaymentError: 'Payment declined',
  schoolDetails: 'Fill School Details',
  schoolDashboard: 'Dashboard',
  schoolProfile: 'Profile',
  schoolOrders: 'Orders',
  schoolOrder: 'Order',
  schoolSupport: 'Help and Support',
  orderNow: 'School Supply Reservation Form',
  checkout: 'Checkout',
  orderConfirmed: 'Order Confirmed',
  paymentError: 'Payment declined',
  sponsorDetails: 'Fill Sponsor Details',
  sponsorDashboard: 'Dashboard',
  sponsorProfile: 'Profile',
  sponsorOrders: 'Enquiries',
  sponsorEnquiry: 'Enquiry',
  enquireNow: 'Contact sales representative',
  enquiryConfirmed: 'Enquiry',
  sponsorSupport: 'Help and Support',
  sponsorships: 'Sponsorships',
  sponsorship: 'Sponsorship',
  sponsorshipConfirmed: 'Payment Received',
  sponsorshipError: 'Payment declined',
  bulkSponsorshipConfirmed: 'Payment Received',
  bulkSponsorshipError: 'Payment declined',
  sponsorCheckout: 'Pay Sponsorships',
  adminLogin: 'Employee Login',
  admin: 'Back Office',
};

const ScreenTitleModule = () => import('../components/screen-title.tsx');

export function screenFor(name: RouteName, contentPage?: number): Screen {
  const load = loadScreen(name);
  if (load) return lazy(load);
  const title = SCREEN_TITLES[name];
  return lazy(async () => {
    const { ScreenTitle } = await ScreenTitleModule();
    return { default: () => <ScreenTitle title={title} pageId={contentPage} /> };
  });
}
