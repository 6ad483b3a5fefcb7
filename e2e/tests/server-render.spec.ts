import type { TCategoryResponse, TProductInfoResponse } from '@portal/contracts/catalogue';
import { expect, type Page, test } from '../support/test.ts';

const CATEGORY = 'student-planners';

/** Calls the browser makes for its own visitor, which the server's render leaves to it. */
const PER_VISITOR = /\/api\/(recentproduct|productvisited)\b/;

async function firstProductOf(page: Page) {
  const listing = (await (
    await page.request.get(`/api/category?slug=${CATEGORY}&page=1&limit=24`)
  ).json()) as TCategoryResponse;
  const first = listing.products[0];
  if (!first) throw new Error(`the seeded category ${CATEGORY} has no products`);
  const info = (await (
    await page.request.get(`/api/productinfo?slug=${first.product_slug}`)
  ).json()) as TProductInfoResponse;
  return { listing, info };
}

test.describe('public pages rendered on the server', { tag: '@whole-browser' }, () => {
  test('carry their content for a browser that runs no JavaScript', async ({ browser, page }) => {
    const { listing, info } = await firstProductOf(page);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();

    await plain.goto('/');
    await expect(plain.getByRole('heading', { level: 1 })).toContainText('School planners and supplies');
    await expect(plain.getByRole('region', { name: 'Testimonials' }).getByRole('figure').first()).toBeVisible();
    await expect(plain.getByRole('link', { name: '(813) 555-0142' }).first()).toBeVisible();

    await plain.goto(`/category/${CATEGORY}`);
    await expect(plain.getByRole('heading', { level: 1 })).toHaveText(listing.category_name);
    for (const product of listing.products.slice(0, 6)) {
      const card = plain.getByRole('link', { name: product.product_name }).first();
      await expect(card).toBeVisible();
    }
    await expect(plain.getByText(listing.products[0]?.amount ?? '').first()).toBeVisible();

    const everything = (await (
      await page.request.get('/api/advancesearch?search=&page=1&limit=24&sort=newest')
    ).json()) as TCategoryResponse;
    await plain.goto('/products');
    await expect(plain.getByRole('heading', { level: 1 })).toHaveText('All Products');
    for (const product of everything.products.slice(0, 3)) {
      await expect(plain.getByRole('link', { name: product.product_name }).first()).toBeVisible();
    }

    await plain.goto(`/product/${info.product.product_slug}`);
    await expect(plain.getByRole('heading', { level: 1 })).toHaveText(info.product.product_name);
    await expect(plain.getByText(info.product.amount).first()).toBeVisible();
    const description = ('product_desc' in info.product ? info.product.product_desc : '')
      .replace(/<[^>]+>/g, ' ')
      .trim()
      .split(/\s+/)
      .slice(0, 6)
      .join(' ');
    await expect(plain.getByText(description).first()).toBeAttached();

    // The header's search works as a plain form too: it leads to the search page's results.
    const search = plain.getByRole('searchbox', { name: 'Search products' }).first();
    await search.fill('planner');
    await search.press('Enter');
    await expect(plain).toHaveURL(/\/search\?q=planner$/);
    await expect(plain.getByRole('link', { name: /planner/i }).first()).toBeVisible();
    await context.close();
  });

  test("paint from their HTML, and run their scripts at the visitor's first interaction, as the security policy allows", async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/.*\.js$/.test(new URL(request.url()).pathname)) scripts.push(request.url());
    });
    for (const path of ['/', '/products']) {
      scripts.length = 0;
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(scripts, `${path}: no script before the visitor does anything`).toEqual([]);

      await page.mouse.move(20, 200);
      await page.mouse.move(40, 220);
      await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
      const { painted, firstScript } = await page.evaluate(() => {
        const files = performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/') && entry.name.endsWith('.js'));
        return {
          painted: performance.getEntriesByName('first-paint')[0]?.startTime,
          firstScript: Math.min(...files.map((entry) => entry.startTime)),
        };
      });
      expect(painted, `${path} painted`).toBeGreaterThan(0);
      expect(firstScript, `${path}: its first script asked for after its first paint`).toBeGreaterThan(painted ?? 0);
    }
    // A script the policy refused would be reported here, and the page would never have hydrated.
    expect(errors).toEqual([]);
    // A sign-in form keeps its scripts in the head: a password manager fills it as it loads.
    const login = await page.request.get('/school/login');
    const loginHtml = await login.text();
    expect(loginHtml.slice(0, loginHtml.indexOf('</head>'))).toMatch(
      /<script type="module" crossorigin src="\/assets\//,
    );
    // The public pages hold nobody's data and go out without the opener policy; the others keep it.
    expect(login.headers()['cross-origin-opener-policy']).toBe('same-origin');
    expect((await page.request.get('/school/dashboard')).headers()['cross-origin-opener-policy']).toBe('same-origin');
    expect((await page.request.get('/products')).headers()['cross-origin-opener-policy']).toBeUndefined();
    await context.close();
  });

  test('give the app a click on a button that came before its scripts ran', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).not.toHaveAttribute('data-app', 'ready');
    // The click's own pointer events start the scripts; the click waits for the hydrated page.
    await page.getByRole('button', { name: 'Watch the video' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // Styled by the dialog's stylesheet, which the page did not carry and the app fetched with it.
    await expect(page.getByRole('dialog')).not.toHaveCSS('box-shadow', 'none');
    await context.close();
  });

  test('run their scripts at once in a browser that keeps a cart or a session, whose page is not the one for a new visitor', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    await context.addInitScript(() => window.localStorage.setItem('cartID', 'a-cart-of-this-browser'));
    const page = await context.newPage();
    await page.goto('/products');
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    await context.close();
  });

  test('hydrate without errors or warnings, and without fetching again what the page came with', async ({ page }) => {
    const { info } = await firstProductOf(page);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && !PER_VISITOR.test(url.pathname)) calls.push(url.pathname + url.search);
    });

    for (const path of ['/', '/products', `/category/${CATEGORY}`, `/product/${info.product.product_slug}`, '/about']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The page works once hydrated: the menu's links navigate in the app.
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
    expect(calls).toEqual([]);
  });

  test("link the app's stylesheet, carry their screen's own rules inside, and a screen opened later in the app fetches its own", async ({
    page,
  }) => {
    const { info } = await firstProductOf(page);
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet' || new URL(request.url()).pathname.endsWith('.css')) {
        stylesheets.push(new URL(request.url()).pathname);
      }
    });

    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // The app's own stylesheet, which every page shares, comes first; the home screen's rules are inside the page.
    const shared = await page
      .locator('link[rel="stylesheet"]:not([disabled])')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(shared[0]).toMatch(/^\/assets\/index-[\w-]+\.css$/);
    expect(stylesheets).toEqual(shared);
    await expect(page.locator('style[data-href^="/assets/home-"]')).toHaveCount(1);
    // What the app fetched beside it is what its code needs and the page did not carry; never those it did.
    const inside = await page
      .locator('style[data-href]')
      .evaluateAll((styles) => styles.map((style) => style.getAttribute('data-href')));
    for (const file of inside) expect(stylesheets).not.toContain(file);
    // Only the screen's stylesheets that style something on it: not the video dialog's, which is closed.
    const unused = await page.locator('style[data-href]').evaluateAll((styles) =>
      styles
        .filter((style) => {
          const classes = [...(style.textContent ?? '').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1] ?? '');
          return !classes.some((name) => document.getElementsByClassName(name).length > 0);
        })
        .map((style) => style.getAttribute('data-href')),
    );
    expect(unused).toEqual([]);
    stylesheets.length = 0;
    // Styled: Mantine's buttons by the linked stylesheet, the hero's own class by the rules inside the page.
    const hero = page.getByRole('region', { name: /School planners and supplies/ });
    await expect(hero.getByRole('link', { name: 'School Login' })).not.toHaveCSS('border-radius', '0px');
    await expect(page.locator('#hero-title')).not.toHaveCSS('font-size', '16px');

    // The product page's rules were not on the home page: the app fetches them on the way there.
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/product/${info.product.product_slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(info.product.product_name);
    const picture = page.locator('main img').first();
    await expect(picture).toHaveCSS('object-fit', 'contain');
    expect(stylesheets.length).toBeGreaterThan(0);
    expect(new Set(stylesheets).size).toBe(stylesheets.length);
  });

  test("announce a product's first picture in the head, which asks for no script, so that it is fetched first", async ({
    page,
  }) => {
    const { info } = await firstProductOf(page);
    const html = await (await page.request.get(`/product/${info.product.product_slug}`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const preload = head.indexOf(`<link rel="preload" as="image" href="${info.product_images[0]?.url}"`);
    expect(preload).toBeGreaterThan(0);
    expect(head).not.toContain('<script');
    expect(head).not.toContain('modulepreload');
  });

  test("show product cards with their pictures' small copies, and the full pictures on a high-density screen", async ({
    browser,
  }) => {
    const shown = async (options: { viewport: { width: number; height: number }; deviceScaleFactor: number }) => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await page.goto(`/category/${CATEGORY}`);
      const pictures = page.getByRole('list', { name: 'Products' }).locator('img');
      await expect(pictures.first()).toHaveJSProperty('complete', true);
      // A picture below the first screenful too, chosen when it comes near.
      await pictures.nth(12).scrollIntoViewIfNeeded();
      await expect(pictures.nth(12)).toHaveJSProperty('complete', true);
      const sources = await Promise.all(
        [0, 12].map((i) => pictures.nth(i).evaluate((img: HTMLImageElement) => img.currentSrc)),
      );
      await context.close();
      return sources;
    };
    const phone = await shown({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    for (const source of phone) expect(source).toMatch(/\/uploads\/products\/[a-z0-9-]+-1-card\.webp$/);
    const wide = await shown({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 2 });
    for (const source of wide) expect(source).toMatch(/\/uploads\/products\/[a-z0-9-]+-1\.webp$/);
  });
});

test.describe('screens rendered in the browser', () => {
  test('carry in their HTML the preloads of their own code, which the browser then takes from there', async ({
    page,
  }) => {
    const html = await (await page.request.get('/admin/orders')).text();
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const backOffice = preloads.find((href) => /\/assets\/back-office-[\w-]+\.js$/.test(href ?? ''));
    expect(backOffice, preloads.join('\n')).toBeDefined();

    // The school's orders: another screen, another chunk.
    const orders = await (await page.request.get('/school/orders')).text();
    expect(orders).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/school-orders-[\w-]+\.js">/);
    expect(orders).not.toContain(backOffice);
  });
});
