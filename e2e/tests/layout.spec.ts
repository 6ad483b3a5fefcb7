import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { apiLogin, DEMO, passwordLinkFor, registerSchool, SCHOOL, SPONSOR, seedSession } from '../support/accounts.ts';
import { saveOrderForm, startOrder } from '../support/orders.ts';
import { searchBox } from '../support/search-box.ts';
import { expect, type Locator, type Page, test } from '../support/test.ts';

/*
 * Every screen at a small phone, a common phone and a laptop, with the longest data people
 * type, paste or save: nothing may make the page scroll sideways, cut a label or hide the
 * header under a toast. Set LAYOUT_SHOTS to a folder to keep a full-page picture of each.
 */

const WIDTHS = [320, 390, 1280] as const;

/** A pasted address: one 300-character word, the hardest text to wrap. */
const LONG_URL = `https://www.palmgrove.example.org/${'planners-and-school-supplies/'.repeat(12)}`.slice(0, 300);
const LONG_SEARCH = LONG_URL;
/** The longest school or business name the forms take, without a space or hyphen to break at. */
const LONG_NAME = `PalmGrove${'ElementaryAndMiddleSchool'.repeat(8)}`.slice(0, 200);

/** The machine may be busy with other runs: a screen gets longer than an assertion's default to appear. */
const APPEAR = { timeout: 20_000 };

const SHOTS = process.env.LAYOUT_SHOTS;

/**
 * The widths whose screens are also checked with axe: what it reads (names, roles,
 * contrast, target sizes) is the same at 320 px as at 390 px, so the smallest phone is
 * checked for fit only.
 */
const A11Y_WIDTHS: readonly number[] = [390, 1280];

/** Asserts the screen as it is now fits its width, shows its labels whole and, at A11Y_WIDTHS, passes axe. */
async function checkScreen(page: Page, name: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  // Soft, so that one run names every screen that does not fit.
  expect.soft(scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
  expect.soft(await clippedLabels(page), `${name} cuts these labels`).toEqual([]);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    const width = page.viewportSize()?.width;
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true, scale: 'css' });
  }
  if (A11Y_WIDTHS.includes(page.viewportSize()?.width ?? 0)) await expectNoSeriousA11yViolations(page);
}

/** Text in buttons, links and labels that its box hides (a label cut to "Log in as Schoo"). */
function clippedLabels(page: Page) {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a, label, button *, a *, label *')) {
      if (el.matches('input, textarea, select') || !el.getClientRects().length || el.clientWidth <= 1) continue;
      if (getComputedStyle(el).overflowX === 'visible') continue;
      if (el.scrollWidth > el.clientWidth + 1) cut.push((el.textContent ?? '').trim().slice(0, 40));
    }
    return cut;
  });
}

/** Opens the header's search (in the menu on phones), types a long search and checks its list fits. */
async function typeLongSearch(page: Page, phone: boolean) {
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
  const box = searchBox(page.getByRole(phone ? 'dialog' : 'search'));
  await box.click();
  await expect(page.getByRole('combobox', { name: 'Search products' })).toBeFocused();
  await page.keyboard.insertText(LONG_SEARCH);
  const list = page.getByText('No products found. Press Enter to search everything.');
  await expect(list).toBeVisible();
  const right = await list.evaluate((el) => (el.parentElement ?? el).getBoundingClientRect().right);
  expect(right, 'the suggestions end inside the screen').toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

/** The page's header must stay readable and its menu button reachable while toasts show. */
async function expectToastsClearOfHeader(page: Page) {
  for (const toast of await page.locator('.mantine-Notification-root').all()) await expectClearOfHeader(page, toast);
}

async function expectClearOfHeader(page: Page, toast: Locator) {
  const header = await page.getByTestId('site-header').boundingBox();
  const box = await toast.boundingBox();
  if (!header || !box) throw new Error('no header or toast to compare');
  expect(box.y, 'the toast starts below the header').toBeGreaterThanOrEqual(header.y + header.height);
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) {
    const hit = await menu.evaluate((button) => {
      const r = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    expect(hit, 'the menu button can be pressed').toBe(true);
  }
}

/** The sponsor's saved business name as the screens receive it (the demo sponsor is shared, so it stays unchanged). */
async function showSponsorNamed(page: Page, name: string) {
  await page.route('**/api/sponsordetails', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    await route.fulfill({ response, json: { ...json, result: { ...json.result, business_name: name } } });
  });
}

for (const width of WIDTHS) {
  const phone = width < 992;

  test.describe(`layout at ${width} px`, () => {
    test.use({ viewport: { width, height: phone ? 844 : 800 } });

    test('home, with a long search typed into the header', async ({ page }) => {
      test.setTimeout(240_000);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible(APPEAR);
      await checkScreen(page, 'home');
      await typeLongSearch(page, phone);
      await checkScreen(page, 'home-search-typed');
    });

    test('text pages, Page not found and the contact form with long text pasted', async ({ page }) => {
      test.setTimeout(240_000);

      for (const [name, url] of [
        ['about', '/about'],
        ['privacy-policy', '/privacy-policy'],
        ['terms-of-service', '/terms-of-service'],
        ['not-found', `/no-such-page/${LONG_URL.slice(8)}`],
      ] as const) {
        await test.step(name, async () => {
          await page.goto(url);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible(APPEAR);
          await checkScreen(page, name);
        });
      }

      await test.step('contact, with a long address pasted', async () => {
        await page.goto('/contact');
        const form = page.getByRole('form', { name: 'Contact' });
        await form.getByLabel('Full name').fill(LONG_NAME);
        await form.getByLabel('Email').fill(LONG_URL);
        await form.getByLabel('Company or School name').fill(LONG_NAME);
        await form.getByLabel('City').fill(LONG_URL);
        await form.getByLabel('Your Message').fill(`Please look at ${LONG_URL}`);
        await form.getByLabel('Full name').focus();
        await checkScreen(page, 'contact');
      });
    });

    test('catalogue: listings, a product and a long search', async ({ page }) => {
      test.setTimeout(240_000);
      for (const [name, url] of [
        ['products', '/products'],
        ['category', '/category/student-planners'],
        ['search', `/search?q=${encodeURIComponent(LONG_SEARCH)}`],
      ] as const) {
        await test.step(name, async () => {
          await page.goto(url);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible(APPEAR);
          await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0, APPEAR);
          await checkScreen(page, name);
        });
      }
      await page.goto('/product/primary-planner-classic-blue');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible(APPEAR);
      await checkScreen(page, 'product');
    });

    test('sign-in and registration screens, with long addresses typed', async ({ page }) => {
      test.setTimeout(240_000);
      for (const [name, url] of [
        ['school-login', '/school/login'],
        ['sponsor-login', '/sponsor/login'],
        ['school-register', '/school/register'],
      ] as const) {
        await test.step(name, async () => {
          await page.goto(url);
          await page.getByLabel('Email').fill(LONG_URL);
          await page.getByRole('textbox', { name: 'Password', exact: true }).fill(LONG_URL);
          await page.getByLabel('Email').focus();
          await checkScreen(page, name);
        });
      }
      await page.goto('/sponsor/register');
      const form = page.getByRole('form', { name: 'Sponsor request' });
      await form.getByLabel('Business name').fill(LONG_NAME);
      await form.getByLabel('Email').fill(LONG_URL);
      await form.getByLabel('Full name').focus();
      await checkScreen(page, 'sponsor-register');
    });

    test('forgot and set password, to Password Saved, with toasts clear of the header', async ({ page }) => {
      test.setTimeout(240_000);
      const school = await registerSchool(page);
      await page.goto('/forgot-password');
      await page.getByLabel('Email').fill(LONG_URL);
      await page.getByLabel('Email').blur();
      await checkScreen(page, 'forgot-password');
      await page.getByLabel('Email').fill(school.email);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toBeVisible(APPEAR);
      // The page says something of its own rather than a toast's words again.
      await expect(page.getByRole('status').filter({ hasText: /If an account exists for that e-mail/ })).toHaveCount(0);
      await expectToastsClearOfHeader(page);
      await checkScreen(page, 'forgot-password-sent');

      await page.goto(await passwordLinkFor(page, school.email));
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill(`a${LONG_URL.slice(0, 60)}`);
      await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('different');
      await page.keyboard.press('Tab');
      await checkScreen(page, 'set-password');
      await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(`a${LONG_URL.slice(0, 60)}`);
      await page.getByRole('button', { name: 'Set Password' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Password Saved' })).toBeVisible(APPEAR);
      const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Your password has been set.' });
      await expect(toast).toBeVisible();
      await expectClearOfHeader(page, toast);
      await expect(page.getByRole('status').filter({ hasText: 'Your password has been set.' })).toHaveCount(0);
      for (const name of ['Log in as School', 'Log in as Sponsor']) {
        const button = page.getByRole('link', { name });
        await expect(button).toHaveText(name);
        const cut = await button.evaluate((el) =>
          [el, ...el.querySelectorAll('*')].some((part) => part.scrollWidth > part.clientWidth + 1),
        );
        expect(cut, `"${name}" shows whole`).toBe(false);
      }
      // The band behind the card reaches the footer: no white strip between them.
      const gap = await page.evaluate(() => {
        const main = document.getElementById('main');
        if (!main) return -1;
        const bottoms = [...main.children].map((part) => part.getBoundingClientRect().bottom);
        return main.getBoundingClientRect().bottom - Math.max(...bottoms);
      });
      expect(gap).toBe(0);
      await checkScreen(page, 'password-saved');
    });

    test('a school with a very long name: details, dashboard and profile', async ({ page }) => {
      test.setTimeout(240_000);
      const school = await registerSchool(page, { details: { school_name: LONG_NAME, website: LONG_URL } });
      await seedSession(page, school.token, SCHOOL);
      await page.goto('/school/dashboard');
      await expect(page.getByText(`Welcome, ${LONG_NAME}.`)).toBeVisible(APPEAR);
      await checkScreen(page, 'school-dashboard');

      await page.goto('/school/profile');
      await expect(page.getByLabel('School name')).toHaveValue(LONG_NAME, APPEAR);
      await expect(page.getByRole('navigation', { name: 'Account' }).getByText(LONG_NAME)).toBeVisible();
      await checkScreen(page, 'school-profile');

      await page.goto('/school/details');
      await expect(page.getByLabel('School name')).toHaveValue(LONG_NAME, APPEAR);
      await page.getByLabel('Website').fill(`${LONG_URL} and more`);
      await page.getByLabel('School name').focus();
      await checkScreen(page, 'school-details');
    });

    test('the reservation form, checkout and their result pages, with long answers and a long file name', async ({
      page,
    }) => {
      test.setTimeout(240_000);
      const school = await registerSchool(page, { withDetails: true });
      const orderKey = await startOrder(page, school.token);
      await seedSession(page, school.token, SCHOOL);
      await page.goto(`/order-now/${orderKey}`);
      await page.getByLabel('Primary planners').fill('120');
      const cover = page.getByRole('region', { name: 'Cover', exact: true });
      await cover.getByRole('radio', { name: 'School name added to the standard cover' }).check();
      await cover.getByLabel('School name as it should appear on the cover').fill(LONG_NAME);
      await page.getByLabel('I have a special request').check();
      await page.getByLabel('Tell us about your request').fill(`Please see ${LONG_URL}`);
      await page.getByLabel('Purchase order number (optional)').fill(LONG_NAME.slice(0, 100));
      const chooser = page.waitForEvent('filechooser');
      await page
        .getByRole('group', { name: 'Purchase order document (optional)' })
        .getByRole('button', { name: 'Upload file' })
        .click();
      await (await chooser).setFiles({
        name: `${LONG_NAME.slice(0, 140)}.pdf`,
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      });
      await expect(page.getByRole('link', { name: /\.pdf$/ })).toBeVisible(APPEAR);
      await expect(page.getByTestId('order-total').or(page.getByTestId('order-total-phone')).first()).not.toHaveText(
        '$0.00',
        APPEAR,
      );
      await checkScreen(page, 'order-now');

      // Completed through the API, then checkout and the two result pages.
      await saveOrderForm(page, school.token, orderKey, {
        draft: 0,
        status: 'Order Placed',
        cust_pages: '2',
        vinyl_pockets: '2',
        delivery_optn: '1',
        ss_car_mag_add: '2',
        tax: '0',
        payment_method: '2',
        agreed: true,
      });
      for (const [name, url, heading] of [
        ['checkout', `/checkout/${orderKey}`, 'Checkout'],
        ['order-confirmed', `/order-confirmed/${orderKey}`, 'Order Not Confirmed'],
        ['payment-error', `/payment-error/${orderKey}`, 'Payment not completed'],
      ] as const) {
        await test.step(name, async () => {
          await page.goto(url);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible(APPEAR);
          await checkScreen(page, name);
        });
      }
    });

    test('a sponsor with a very long business name: details, dashboard and profile', async ({ page }) => {
      test.setTimeout(240_000);
      const token = await apiLogin(page, DEMO.sponsor, DEMO.password, SPONSOR);
      await seedSession(page, token, SPONSOR);
      await showSponsorNamed(page, LONG_NAME);
      await page.goto('/sponsor/dashboard');
      await expect(page.getByText(`Welcome, ${LONG_NAME}.`)).toBeVisible(APPEAR);
      await checkScreen(page, 'sponsor-dashboard');

      await page.goto('/sponsor/profile');
      await expect(page.getByLabel('Business name')).toHaveValue(LONG_NAME, APPEAR);
      await expect(page.getByRole('navigation', { name: 'Account' }).getByText(LONG_NAME)).toBeVisible();
      await page.getByLabel('Website').fill(LONG_URL);
      await checkScreen(page, 'sponsor-profile');

      await page.goto('/sponsor/details');
      await expect(page.getByLabel('Business name')).toHaveValue(LONG_NAME, APPEAR);
      await checkScreen(page, 'sponsor-details');
    });
  });
}

/**
 * A server-rendered page at a phone's width, scrolled by its visitor before its scripts run
 * and while they start: the page may never move back, and the header follows the scroll
 * from the first one (fixed after 50 px, hidden while scrolling down past 100 px).
 */
test.describe('a server-rendered page scrolled as its scripts start, at 390 px', { tag: '@whole-browser' }, () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const url of ['/privacy-policy', '/products']) {
    test(`${url} never scrolls back, and its header is right from the first scroll`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      // Every position the page takes, as the visitor would see it: at each scroll and each frame.
      await context.addInitScript(() => {
        const seen: number[] = [];
        (window as unknown as { scrolls: number[] }).scrolls = seen;
        const note = () => {
          if (seen.at(-1) !== window.scrollY) seen.push(window.scrollY);
        };
        addEventListener('scroll', note, { capture: true, passive: true });
        const frame = () => {
          note();
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      const page = await context.newPage();
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      const html = page.locator('html');
      await expect(html).not.toHaveAttribute('data-app', 'ready');
      const header = page.getByTestId('site-header');
      const scrollY = () => page.evaluate(() => window.scrollY);

      // The first scroll: it starts the scripts, and the header follows it at once.
      await page.mouse.move(200, 400);
      await page.mouse.wheel(0, 150);
      await expect.poll(scrollY).toBe(150);
      await expect(header).toHaveAttribute('data-fixed');
      await expect(header).toHaveAttribute('data-hidden');

      // More scrolling while the scripts load and hydrate the page, and a little after.
      let after = 0;
      for (let i = 0; i < 200 && after < 3; i++) {
        await page.mouse.wheel(0, 40);
        await page.waitForTimeout(30);
        if ((await html.getAttribute('data-app')) === 'ready') after++;
      }
      await expect(html).toHaveAttribute('data-app', 'ready');
      await page.waitForTimeout(500);

      const scrolls = await page.evaluate(() => (window as unknown as { scrolls: number[] }).scrolls);
      const backwards = scrolls.filter((y, i) => i > 0 && y < (scrolls[i - 1] ?? 0));
      expect(backwards, `positions taken: ${scrolls.join(' → ')}`).toEqual([]);
      expect(await scrollY()).toBeGreaterThanOrEqual(150 + 3 * 40);
      await expect(header).toHaveAttribute('data-fixed');
      await expect(header).toHaveAttribute('data-hidden');

      // Scrolling up brings it back, fixed, at the top of the screen; at the top it is in the page again.
      await page.mouse.wheel(0, -60);
      await expect(header).not.toHaveAttribute('data-hidden');
      await expect(header).toHaveAttribute('data-fixed');
      await expect(header).toBeInViewport();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(header).not.toHaveAttribute('data-fixed');
      await context.close();
    });
  }
});
