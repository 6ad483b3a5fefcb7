import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { searchBox } from '../support/search-box.ts';
import { expect, type Page, test } from '../support/test.ts';

const cards = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('listitem');

/** The page numbers of the listing calls the browser made, in order. */
function watchListingPages(page: Page, operation: 'category' | 'advancesearch') {
  const pages: { page: number; sort: string }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === `/api/${operation}`) {
      pages.push({ page: Number(url.searchParams.get('page')), sort: url.searchParams.get('sort') ?? '' });
    }
  });
  return pages;
}

async function scrollToEnd(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

test.describe('category listing', () => {
  test('banner, categories and 24 cards; scrolling loads 48, then 55, and paging stops after an empty page', async ({
    page,
  }) => {
    test.slow(); // Three pages of pictures and an accessibility scan.
    const requested = watchListingPages(page, 'category');
    await page.goto('/category/student-planners');
    await expect(page.getByRole('heading', { level: 1, name: 'Student Planners' })).toBeVisible();
    await expect(page.getByText(/spiral-bound planners/)).toBeVisible();
    await expect(page).toHaveTitle('Student Planners | School Planner Savings');

    const nav = page.getByRole('navigation', { name: 'Categories' });
    await expect(nav.getByRole('link', { name: 'All Products' })).toHaveAttribute('href', '/products');
    await expect(nav.getByRole('link', { name: 'Student Planners' })).toHaveAttribute('aria-current', 'page');
    for (const name of ['Car Rider Dismissal Tags', 'Homework Folders', 'Backpack and Bus Tags']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }

    await expect(cards(page)).toHaveCount(24);
    const first = cards(page).first();
    await expect(first.getByRole('heading')).toBeVisible();
    await expect(first.getByText(/^\$\d+\.\d\d$|^Free$/)).toBeVisible();
    await expect(first.getByRole('link', { name: /^Know More/ })).toHaveAttribute('href', /^\/product\/[\w-]+$/);
    await expect(page.getByText('Showing 24 of 55 products')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Pictures further down wait until they are scrolled near, and keep their size meanwhile.
    const lastImage = cards(page).last().locator('img');
    await expect(lastImage).toHaveAttribute('loading', 'lazy');
    await expect(lastImage).toHaveAttribute('width', '800');
    await expect(lastImage).toHaveAttribute('height', '800');

    await scrollToEnd(page);
    await expect(cards(page)).toHaveCount(48);
    await scrollToEnd(page);
    await expect(cards(page)).toHaveCount(55);
    await expect(page.getByText('Showing 55 of 55 products')).toBeVisible();
    await scrollToEnd(page);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    // The first page came with the page's HTML; the browser asked for the next ones.
    await expect.poll(() => requested.map((r) => r.page)).toEqual([2, 3, 4]);

    // Page 4 came back empty: no further calls, however far the visitor scrolls.
    await scrollToEnd(page);
    await page.waitForTimeout(800);
    expect(requested.map((r) => r.page)).toEqual([2, 3, 4]);
    await expect(cards(page)).toHaveCount(55);
  });

  test('changing the sort starts again at page 1', async ({ page }) => {
    const requested = watchListingPages(page, 'category');
    await page.goto('/category/student-planners');
    await expect(cards(page)).toHaveCount(24);
    const firstBefore = await cards(page).first().getByRole('heading').textContent();
    await scrollToEnd(page);
    await expect(cards(page)).toHaveCount(48);

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Name Z–A' });
    await expect(page).toHaveURL(/[?&]sort=name_desc/);
    await expect(cards(page)).toHaveCount(24);
    await expect(cards(page).first().getByRole('heading')).not.toHaveText(firstBefore ?? '');
    expect(requested.filter((r) => r.sort === 'name_desc').map((r) => r.page)).toEqual([1]);

    const names = await cards(page).getByRole('heading').allTextContents();
    expect(names[0]?.localeCompare(names[names.length - 1] ?? '')).toBeGreaterThan(0);

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price high–low' });
    await expect(page).toHaveURL(/[?&]sort=price_desc/);
    await expect(cards(page)).toHaveCount(24);
    // The full-page advertisement is the dearest planner-category product.
    await expect(cards(page).first().getByRole('heading')).toHaveText('Planner Sponsorship — Full-Page Ad');
  });

  test('the brand filter is read from the address, without a control', async ({ page }) => {
    await page.goto('/category/student-planners?brands=Essentials');
    await expect(page.getByText(/^Showing \d+ of \d+ products$/)).toBeVisible();
    const total = Number((await page.getByText(/^Showing/).textContent())?.match(/of (\d+)/)?.[1]);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(55);
  });

  test('all products lists every category, and the category list leads to each', async ({ page }) => {
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await expect(cards(page)).toHaveCount(24);
    await expect(page.getByText(/^Showing 24 of \d+ products$/)).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'All Products' }),
    ).toHaveAttribute('aria-current', 'page');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Homework Folders' }).click();
    await expect(page).toHaveURL(/\/category\/homework-folders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Homework Folders' })).toBeVisible();
    await expect(cards(page)).toHaveCount(10);
    await cards(page)
      .first()
      .getByRole('link', { name: /^Know More/ })
      .click();
    await expect(page).toHaveURL(/\/product\/[\w-]+$/);
  });

  test('an unknown category shows Page not found', async ({ page }) => {
    await page.goto('/category/no-such-category');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('The page you are looking for might be in another castle.')).toBeVisible();
  });

  test('on phones the categories are a select above the products @phone-only', async ({ page }) => {
    await page.goto('/category/student-planners');
    await expect(page.getByRole('navigation', { name: 'Categories' })).toBeHidden();
    await expect(cards(page)).toHaveCount(24);
    const select = page.getByRole('combobox', { name: 'Category' });
    await expect(select).toHaveValue('student-planners');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await select.selectOption({ label: 'Car Rider Dismissal Tags (12)' });
    await expect(page).toHaveURL(/\/category\/car-rider-dismissal-tags$/);
    await expect(cards(page)).toHaveCount(12);
    await select.selectOption({ label: 'All Products' });
    await expect(page).toHaveURL(/\/products$/);
  });
});

test.describe('search', () => {
  test('the header search box suggests products, and Enter opens the results page', async ({ page }) => {
    test.slow(); // Two accessibility scans and three pages.
    await page.goto('/');
    const box = searchBox(page);
    await box.click();
    await box.fill('galaxy');
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(suggestions.getByRole('option')).toHaveCount(4);
    await expect(suggestions.getByRole('option').first()).toContainText('Galaxy');
    await expectNoSeriousA11yViolations(page);

    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=galaxy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search results for “galaxy”' })).toBeVisible();
    await expect(cards(page)).toHaveCount(4);
    await expect(suggestions).toBeHidden();
    await expectNoSeriousA11yViolations(page);

    // A suggestion chosen with the keyboard opens its product.
    await box.fill('honeycomb');
    await expect(suggestions.getByRole('option').first()).toContainText('Honeycomb');
    await box.press('ArrowDown');
    await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    const name = (await suggestions.getByRole('option').first().textContent()) ?? '';
    await box.press('Enter');
    await expect(page).toHaveURL(/\/product\/[\w-]*honeycomb$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('a search with no match says so', async ({ page }) => {
    await page.goto('/search?q=zzzz-no-such-thing');
    await expect(page.getByText('No products match “zzzz-no-such-thing”.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'See all products' })).toHaveAttribute('href', '/products');
  });

  test('on phones the search box is in the menu @phone-only', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const box = searchBox(page.getByRole('dialog', { name: 'Menu' }));
    await box.fill('folder');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=folder$/);
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });
});
