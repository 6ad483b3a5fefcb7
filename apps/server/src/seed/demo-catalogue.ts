/**
 * The demo catalogue (D17): the spec's four categories, 87 products, orderable and
 * enquiry-only ones, one that needs a login, with prices, descriptions and specifications.
 * Pure data; seed.ts writes it and artwork.ts draws the pictures.
 */

export interface DemoCategory {
  slug: string;
  name: string;
  description: string;
  /** The color its artwork is drawn in. */
  hue: number;
}

export interface DemoProduct {
  category: string;
  name: string;
  slug: string;
  type: 'order' | 'inquery';
  login_req: 0 | 1;
  price_cents: number;
  brand: string;
  description: string;
  specification: string;
  /** How many pictures its gallery has. */
  images: number;
  /** What the artwork shows. */
  art: 'planner' | 'tag' | 'folder' | 'bus-tag' | 'ad';
  hue: number;
  overview: boolean;
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    slug: 'student-planners',
    name: 'Student Planners',
    description:
      'Durable, spiral-bound planners with your school calendar, policies and custom pages, for every grade from kindergarten to graduation.',
    hue: 212,
  },
  {
    slug: 'car-rider-dismissal-tags',
    name: 'Car Rider Dismissal Tags',
    description:
      'Sturdy hang tags that make afternoon car-line dismissal faster and safer. Free for schools, thanks to local sponsors.',
    hue: 28,
  },
  {
    slug: 'homework-folders',
    name: 'Homework Folders',
    description:
      'Two-pocket folders that carry homework home and back every day. Sponsored, so they are free for your school.',
    hue: 140,
  },
  {
    slug: 'backpack-and-bus-tags',
    name: 'Backpack and Bus Tags',
    description:
      'Color-coded backpack tags for bus riders, after-school programs and walkers and bikers, so every child goes home the right way.',
    hue: 270,
  },
];

const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[×]/g, 'x')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
const specTable = (rows: [string, string][]) =>
  `<table><tbody>${rows.map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join('')}</tbody></table>`;

const BANDS = [
  {
    name: 'Primary',
    grades: 'K–2',
    size: '8.5 × 11',
    pages: 112,
    price: 325,
    note: 'large writing lines and picture prompts',
  },
  {
    name: 'Elementary',
    grades: '3–5',
    size: '8.5 × 11',
    pages: 128,
    price: 350,
    note: 'weekly spreads with subject rows',
  },
  {
    name: 'Middle School',
    grades: '6–8',
    size: '6 × 9',
    pages: 144,
    price: 395,
    note: 'a class schedule grid and study-skill pages',
  },
  {
    name: 'High School',
    grades: '9–12',
    size: '6 × 9',
    pages: 160,
    price: 425,
    note: 'a course planner and college-prep timeline',
  },
];

const THEMES = [
  ['Classic Blue', 214],
  ['Ocean Waves', 196],
  ['Galaxy', 250],
  ['Sunrise', 24],
  ['Forest Trail', 130],
  ['Bright Stripes', 340],
  ['Honeycomb', 44],
  ['Paper Airplanes', 204],
  ['Chalkboard', 160],
  ['Watercolor', 290],
  ['Compass', 12],
  ['Mosaic', 174],
  ['Constellation', 232],
] as const;

function planners(): DemoProduct[] {
  const out: DemoProduct[] = [];
  for (const band of BANDS) {
    for (const [theme, hue] of THEMES) {
      const name = `${band.name} Planner — ${theme}`;
      out.push({
        category: 'student-planners',
        name,
        slug: slugify(`${band.name} planner ${theme}`),
        type: 'order',
        login_req: 0,
        price_cents: band.price,
        brand: theme === 'Classic Blue' || theme === 'Chalkboard' ? 'Essentials' : 'Designer',
        description: `<p>The ${band.name.toLowerCase()} planner (grades ${band.grades}) with the <strong>${theme}</strong> cover, built to last the whole school year.</p><p>Inside: ${band.note}, monthly calendars, and room for your school's own pages.</p>${list(['Your school calendar and policies printed in', 'Custom pages for your handbook or sponsors', 'Optional vinyl pockets and a named cover'])}`,
        specification: specTable([
          ['Grades', band.grades],
          ['Size', `${band.size} in`],
          ['Pages', String(band.pages)],
          ['Binding', 'Twin-loop wire, laminated cover'],
          ['Paper', '60 lb uncoated, FSC certified'],
        ]),
        images: 3,
        art: 'planner',
        hue,
        overview: theme === 'Classic Blue',
      });
    }
  }
  out.push(
    {
      category: 'student-planners',
      name: 'District Custom Planner',
      slug: 'district-custom-planner',
      type: 'order',
      login_req: 1,
      price_cents: 450,
      brand: 'Custom',
      description:
        '<p>A planner designed from the cover in: your district’s artwork, your calendar and up to 32 custom pages. It is offered to districts with an agreement, so its details are shown to signed-in schools and sponsors.</p>',
      specification: specTable([
        ['Grades', 'K–12'],
        ['Size', '8.5 × 11 or 6 × 9 in'],
        ['Cover', 'Custom artwork provided by the district'],
      ]),
      images: 2,
      art: 'planner',
      hue: 0,
      overview: true,
    },
    {
      category: 'student-planners',
      name: 'Teacher Lesson Planner',
      slug: 'teacher-lesson-planner',
      type: 'inquery',
      login_req: 0,
      price_cents: 1295,
      brand: 'Essentials',
      description:
        '<p>A lesson planner for teachers with seating charts, grade book pages and a year-at-a-glance calendar. Sponsors can place their logo on the cover for a whole district.</p>',
      specification: specTable([
        ['Size', '8.5 × 11 in'],
        ['Pages', '176'],
        ['Binding', 'Twin-loop wire'],
      ]),
      images: 2,
      art: 'planner',
      hue: 330,
      overview: false,
    },
    {
      category: 'student-planners',
      name: 'Planner Sponsorship — Full-Page Ad',
      slug: 'planner-sponsorship-full-page-ad',
      type: 'inquery',
      login_req: 0,
      price_cents: 45000,
      brand: 'Sponsorship',
      description:
        '<p>Put your business in front of every family at a school for a whole year: a full-page color advertisement in the school’s student planner.</p><p>Your sales representative will help you choose schools and prepare the artwork.</p>',
      specification: specTable([
        ['Ad size', 'Full page, full color'],
        ['Reach', 'Every student planner printed for the school'],
        ['Artwork', 'Designed by our team or supplied by you'],
      ]),
      images: 1,
      art: 'ad',
      hue: 212,
      overview: false,
    },
  );
  return out;
}

function carRiderTags(): DemoProduct[] {
  const colors = ['Blue', 'Yellow', 'Purple', 'Green'];
  const out: DemoProduct[] = colors.map((color, i) => ({
    category: 'car-rider-dismissal-tags',
    name: `Happy Car Dismissal Tag — ${color}`,
    slug: slugify(`happy car dismissal tag ${color}`),
    type: 'order',
    login_req: 0,
    price_cents: 0,
    brand: 'Happy Car',
    description: `<p>The friendly Happy Car hang tag in ${color.toLowerCase()}, numbered for your car line. Free for your school, thanks to local sponsors.</p>`,
    specification: specTable([
      ['Material', '20 mil polypropylene'],
      ['Size', '4 × 11 in hang tag'],
      ['Color', color],
      ['Order in', 'Multiples of 50'],
    ]),
    images: 1,
    art: 'tag',
    hue: [214, 48, 275, 135][i] ?? 214,
    overview: false,
  }));
  for (const [name, note] of [
    ['Vertical Hanger Tag — School Logo Only', 'your school logo'],
    ['Vertical Hanger Tag — Logo and Prenumbered', 'your school logo and a unique number'],
    ['Happy Car Tag — Special Request Color', 'a color of your choosing'],
    ['Car Magnet Dismissal Sign', 'a magnet that sticks to the car door'],
    ['Reflective Dismissal Tag', 'reflective ink for dark winter afternoons'],
    ['Large-Print Dismissal Tag', 'extra-large numbers that are easy to read from the curb'],
    ['Bilingual Dismissal Tag', 'English and Spanish wording'],
  ] as const) {
    out.push({
      category: 'car-rider-dismissal-tags',
      name,
      slug: slugify(name),
      type: 'order',
      login_req: 0,
      price_cents: 0,
      brand: name.startsWith('Vertical') ? 'Vertical Hangers' : 'Happy Car',
      description: `<p>A car-rider dismissal tag with ${note}. Free for schools that accept the sponsored-products terms.</p>`,
      specification: specTable([
        ['Material', '20 mil polypropylene'],
        ['Order in', 'Multiples of 50'],
      ]),
      images: 1,
      art: 'tag',
      hue: 28,
      overview: false,
    });
  }
  out.push({
    category: 'car-rider-dismissal-tags',
    name: 'Dismissal Tag Sponsorship',
    slug: 'dismissal-tag-sponsorship',
    type: 'inquery',
    login_req: 0,
    price_cents: 25000,
    brand: 'Sponsorship',
    description:
      '<p>Your logo on every car-rider tag a school hands out, seen in the car line twice a day, all year.</p>',
    specification: specTable([['Placement', 'Back of every tag, one color']]),
    images: 1,
    art: 'ad',
    hue: 28,
    overview: false,
  });
  return out;
}

function homeworkFolders(): DemoProduct[] {
  const styles = [
    ['Two-Pocket Homework Folder — Royal Blue', 220],
    ['Two-Pocket Homework Folder — Red', 0],
    ['Two-Pocket Homework Folder — Green', 130],
    ['Two-Pocket Homework Folder — Orange', 28],
    ['Take-Home Folder with Reading Log', 190],
    ['Laminated Homework Folder — Primary', 50],
    ['Three-Prong Homework Folder', 260],
    ['Poly Homework Folder — Clear Front', 200],
    ['Keep at Home / Return to School Folder', 310],
  ] as const;
  const out: DemoProduct[] = styles.map(([name, hue]) => ({
    category: 'homework-folders',
    name,
    slug: slugify(name),
    type: 'order',
    login_req: 0,
    price_cents: 0,
    brand: 'Homework Helpers',
    description: `<p>${name}: sturdy, labeled pockets that keep homework flat and organized. Free for your school, thanks to local sponsors.</p>`,
    specification: specTable([
      ['Size', '9.5 × 11.75 in'],
      ['Pockets', 'Two, labeled “Keep at Home” and “Return to School”'],
      ['Order in', 'Multiples of 250'],
    ]),
    images: 2,
    art: 'folder',
    hue,
    overview: false,
  }));
  out.push({
    category: 'homework-folders',
    name: 'Homework Folder Sponsorship',
    slug: 'homework-folder-sponsorship',
    type: 'inquery',
    login_req: 0,
    price_cents: 30000,
    brand: 'Sponsorship',
    description: '<p>Your message on the back of every homework folder, carried home every school night.</p>',
    specification: specTable([['Placement', 'Back cover, full color']]),
    images: 1,
    art: 'ad',
    hue: 140,
    overview: false,
  });
  return out;
}

function backpackAndBusTags(): DemoProduct[] {
  const tags = [
    ['Bus Rider Backpack Tag', 48, 'with the bus number'],
    ['After School Backpack Tag', 275, 'for children staying for after-school care'],
    ['Walker / Biker Backpack Tag', 135, 'for children who walk or bike home'],
    ['Car Rider Backpack Tag', 28, 'matching the car-rider dismissal tag'],
    ['Bus Rider Tag — Route Color Set', 200, 'in six route colors'],
    ['Field Trip Backpack Tag', 170, 'with space for a chaperone’s phone number'],
    ['Pre-K Backpack Tag with Photo Window', 320, 'with a window for a photo card'],
    ['Reflective Bus Tag', 60, 'in reflective ink'],
    ['Kindergarten First-Week Tag', 350, 'for the first week of kindergarten'],
  ] as const;
  const out: DemoProduct[] = tags.map(([name, hue, note]) => ({
    category: 'backpack-and-bus-tags',
    name,
    slug: slugify(name),
    type: 'order',
    login_req: 0,
    price_cents: 0,
    brand: 'Safe Ride',
    description: `<p>A tough backpack tag ${note}, so that staff send every child home the right way. Free for your school, thanks to local sponsors.</p>`,
    specification: specTable([
      ['Material', '30 mil PVC with a plastic loop'],
      ['Size', '3 × 5 in'],
      ['Order in', 'Multiples of 50'],
    ]),
    images: 1,
    art: 'bus-tag',
    hue,
    overview: false,
  }));
  out.push({
    category: 'backpack-and-bus-tags',
    name: 'Backpack Tag Sponsorship',
    slug: 'backpack-tag-sponsorship',
    type: 'inquery',
    login_req: 0,
    price_cents: 20000,
    brand: 'Sponsorship',
    description: '<p>Your logo on the back of every backpack tag a school orders.</p>',
    specification: specTable([['Placement', 'Back of every tag, one color']]),
    images: 1,
    art: 'ad',
    hue: 270,
    overview: false,
  });
  return out;
}

export const DEMO_PRODUCTS: DemoProduct[] = [
  ...planners(),
  ...carRiderTags(),
  ...homeworkFolders(),
  ...backpackAndBusTags(),
];
