import type { RouteName } from '@portal/contracts/routes';
import { type ComponentType, lazy } from 'react';

type Screen = ComponentType;

/** Screens with their own module, each loaded when first visited. */
const built: Partial<Record<RouteName, () => Promise<{ default: Screen }>>> = {
  home: () => import('../features/home/routes/home.tsx'),
  about: () => import('../features/static-pages/routes/about.tsx'),
  contact: () => import('../features/contact/routes/contact.tsx'),
  products: () => import('../features/catalogue/routes/all-products.tsx'),
  search: () => import('../features/catalogue/routes/search-results.tsx'),
  category: () => import('../features/catalogue/routes/category.tsx'),
  product: () => import('../features/catalogue/routes/product.tsx'),
  privacy: () => import('../features/static-pages/routes/privacy-policy.tsx'),
  terms: () => import('../features/static-pages/routes/terms-of-service.tsx'),
  schoolLogin: () => import('../features/auth/routes/school-login.tsx'),
  sponsorLogin: () => import('../features/auth/routes/sponsor-login.tsx'),
  schoolRegister: () => import('../features/auth/routes/school-register.tsx'),
  sponsorRegister: () => import('../features/auth/routes/sponsor-register.tsx'),
  forgotPassword: () => import('../features/auth/routes/forgot-password.tsx'),
  setPassword: () => import('../features/auth/routes/set-password.tsx'),
  schoolDetails: () => import('../features/school-account/routes/school-details.tsx'),
  schoolDashboard: () => import('../features/school-account/routes/school-dashboard.tsx'),
  schoolProfile: () => import('../features/school-account/routes/school-profile.tsx'),
  sponsorDetails: () => import('../features/sponsor-account/routes/sponsor-details.tsx'),
  sponsorDashboard: () => import('../features/sponsor-account/routes/sponsor-dashboard.tsx'),
  sponsorProfile: () => import('../features/sponsor-account/routes/sponsor-profile.tsx'),
  orderNow: () => import('../features/reservation/routes/order-now.tsx'),
  checkout: () => import('../features/reservation/routes/checkout.tsx'),
  orderConfirmed: () => import('../features/reservation/routes/order-confirmed.tsx'),
  paymentError: () => import('../features/reservation/routes/payment-error.tsx'),
};

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
  sponsorshipPaymentConfirmed: 'Payment Received',
  sponsorshipPaymentError: 'Payment declined',
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
  const load = built[name];
  if (load) return lazy(load);
  const title = SCREEN_TITLES[name];
  return lazy(async () => {
    const { ScreenTitle } = await ScreenTitleModule();
    return { default: () => <ScreenTitle title={title} pageId={contentPage} /> };
  });
}
