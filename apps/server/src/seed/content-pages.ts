import { CONTENT_PAGE } from '@portal/contracts/constants';

const image = (name: string) => ({ image_url: `/images/social/${name}.png`, image_width: 600, image_height: 600 });

/** The twelve content pages the screens take their head from. */
export const CONTENT_PAGES = [
  {
    id: CONTENT_PAGE.home,
    name: 'Home',
    slug: '',
    seo_title: 'School Planner Savings | Sponsored Student Planners and School Supplies',
    seo_description:
      'Local businesses sponsor student planners, car rider tags and homework folders so that schools get them at a discount or free. Reserve for next school year today.',
    ...image('home'),
  },
  {
    id: CONTENT_PAGE.about,
    name: 'About',
    slug: 'about',
    seo_title: 'About Us | School Planner Savings',
    seo_description:
      'For about two decades, and since our 2003 pilot, we have connected local sponsors with schools to put planners and supplies in every student’s hands.',
    ...image('about'),
  },
  {
    id: CONTENT_PAGE.contact,
    name: 'Contact',
    slug: 'contact',
    seo_title: 'Contact Us | School Planner Savings',
    seo_description:
      'Questions about planners, sponsorships or an order? Send us a message and our Tampa team will get back to you soon.',
    ...image('contact'),
  },
  {
    id: CONTENT_PAGE.privacy,
    name: 'Privacy Policy',
    slug: 'privacy-policy',
    seo_title: 'Privacy Policy | School Planner Savings',
    seo_description:
      'What information School Planner Savings collects, how we use and protect it, and the choices you have.',
    ...image('home'),
  },
  {
    id: CONTENT_PAGE.terms,
    name: 'Terms of Service',
    slug: 'terms-of-service',
    seo_title: 'Terms of Service | School Planner Savings',
    seo_description: 'The terms that apply when you use the School Planner Savings website and services.',
    ...image('home'),
  },
  {
    id: CONTENT_PAGE.checkout,
    name: 'Checkout',
    slug: 'checkout',
    seo_title: 'Checkout | School Planner Savings',
    seo_description: 'Review your order, choose how to pay and confirm.',
    ...image('home'),
  },
  {
    id: CONTENT_PAGE.schoolLogin,
    name: 'School log in',
    slug: 'school/login',
    seo_title: 'Log in as School | School Planner Savings',
    seo_description: 'Schools log in to reserve planners and supplies for next school year and to manage their orders.',
    ...image('home'),
  },
  {
    id: CONTENT_PAGE.schoolRegister,
    name: 'School registration',
    slug: 'school/register',
    seo_title: 'Register as School | School Planner Savings',
    seo_description:
      'Register your school to reserve sponsored student planners and receive free dismissal tags and folders.',
    ...image('home'),
  },
  {
    id: CONTENT_PAGE.sponsorLogin,
    name: 'Sponsor log in',
    slug: 'sponsor/login',
    seo_title: 'Log in as Sponsor | School Planner Savings',
    seo_description: 'Sponsors log in to contact their sales representative and to view and pay their sponsorships.',
    ...image('home'),
  },
  {
    id: CONTENT_PAGE.sponsorRegister,
    name: 'Become a sponsor',
    slug: 'sponsor/register',
    seo_title: 'Become a Sponsor | School Planner Savings',
    seo_description:
      'Put your business in front of local families by sponsoring school planners. Contact us to get started.',
    ...image('home'),
  },
  {
    id: CONTENT_PAGE.orderForm,
    name: 'Reservation and enquiry forms',
    slug: 'order-now',
    seo_title: 'School Supply Reservation Form | School Planner Savings',
    seo_description: 'Reserve student planners and extras for next school year, with live pricing and artwork uploads.',
    ...image('home'),
  },
  {
    id: CONTENT_PAGE.products,
    name: 'All products',
    slug: 'products',
    seo_title: 'All Products | School Planner Savings',
    seo_description:
      'Student planners, car rider dismissal tags, homework folders and backpack and bus tags for your school.',
    ...image('home'),
  },
];
