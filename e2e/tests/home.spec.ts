import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { expect, test } from '../support/test.ts';

test.describe('home page', () => {
  test('hero, story, log-in block, testimonials, partner and contact details @phone', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.getByRole('link', { name: 'School Login' })).toHaveAttribute('href', '/school/login');
    await expect(main.getByRole('link', { name: 'Sponsor Login' })).toHaveAttribute('href', '/sponsor/login');

    await expect(main.getByRole('heading', { name: 'Why we do it' })).toBeVisible();
    await expect(main.getByText(/About two decades ago/)).toBeVisible();
    await expect(main.getByText(/piloted in 2003/)).toBeVisible();

    await expect(main.getByRole('link', { name: 'Log in as School' })).toHaveAttribute('href', '/school/login');
    await expect(main.getByRole('link', { name: 'Register your school' })).toHaveAttribute('href', '/school/register');
    await expect(main.getByRole('link', { name: 'Log in as Sponsor' })).toHaveAttribute('href', '/sponsor/login');
    await expect(main.getByRole('link', { name: 'Become a sponsor' })).toHaveAttribute('href', '/sponsor/register');

    const testimonials = main.getByRole('region', { name: 'Testimonials' });
    await expect(testimonials.getByRole('figure').first()).toBeVisible();
    const firstStars = testimonials.getByRole('img', { name: 'Rated 5 out of 5 stars' }).first();
    await expect(firstStars).toBeVisible();
    await expect(firstStars.locator('[data-star]')).toHaveCount(5);
    // Every testimonial carries the same fixed five stars.
    const count = await testimonials.getByRole('figure').count();
    expect(count).toBeGreaterThan(1);
    await expect(testimonials.getByRole('img', { name: 'Rated 5 out of 5 stars' })).toHaveCount(count);

    const partner = main.getByRole('link', { name: /Visit our partner/ });
    await expect(partner).toHaveAttribute('href', /^https:\/\//);
    await expect(partner).toHaveAttribute('target', '_blank');

    const contact = main.getByRole('region', { name: 'Get in touch' });
    await expect(contact.getByRole('link', { name: 'support@schoolplannersavings.com' })).toHaveAttribute(
      'href',
      'mailto:support@schoolplannersavings.com',
    );
    await expect(contact.getByRole('link', { name: '(813) 555-0142' })).toHaveAttribute('href', 'tel:8135550142');
    await expect(contact.getByText('Tampa, FL')).toBeVisible();
    await expect(contact.getByRole('link', { name: 'Send us a message' })).toHaveAttribute('href', '/contact');

    // A first visit has no recently viewed products, so the section is not there.
    await expect(main.getByRole('heading', { name: 'Recently viewed' })).toHaveCount(0);
    await expect(page).toHaveTitle(/School Planner Savings/);
    await expectNoSeriousA11yViolations(page);
  });

  test('the promotional video plays when its modal opens and is back at the start after closing', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Watch the video' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // The modal stays in the page while closed (hidden), with the same video element.
    const video = page.locator('video');
    await expect(dialog.locator('video')).toBeVisible();
    await expect(video).toHaveAttribute('src', '/media/promo.mp4');
    await expect(video).toHaveAttribute('controls', '');
    await expect(video).toHaveAttribute('playsinline', '');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: 'Close video' }).click();
    await expect(dialog).toBeHidden();
    expect(await video.evaluate((v: HTMLVideoElement) => ({ paused: v.paused, at: v.currentTime }))).toEqual({
      paused: true,
      at: 0,
    });

    // Opened again, it plays once more from the beginning.
    await page.getByRole('button', { name: 'Watch the video' }).click();
    await expect(dialog).toBeVisible();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(3);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused && v.currentTime === 0)).toBe(true);
  });

  test('a first visit loads neither the video modal nor a recently viewed list, until the visitor heads for the video', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    await page.waitForLoadState('networkidle');
    expect(asked.filter((p) => p.includes('promo-video-modal') || p === '/api/recentproduct')).toEqual([]);

    const modalCode = page.waitForRequest((request) => request.url().includes('promo-video-modal'));
    await page.getByRole('button', { name: 'Watch the video' }).hover();
    await modalCode;
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the video plays even when it is asked for before the modal has loaded', async ({ page }) => {
    // The modal's code arrives late, as on a slow connection; the click comes first.
    await page.route('**/assets/promo-video-modal-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Watch the video' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    const video = dialog.locator('video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
  });

  test('recently viewed products appear once a product has been opened @phone', async ({ page }) => {
    await page.goto('/product/homework-folder-sponsorship');
    await expect(page.getByRole('heading', { level: 1, name: 'Homework Folder Sponsorship' })).toBeVisible();
    await page.goto('/product/primary-planner-classic-blue');
    await expect(page.getByRole('heading', { level: 1, name: 'Primary Planner — Classic Blue' })).toBeVisible();

    await page.goto('/');
    const recent = page.getByRole('list', { name: 'Recently viewed' });
    await expect(recent.getByRole('listitem')).toHaveCount(2);
    const tile = recent.getByRole('link', { name: 'Homework Folder Sponsorship' });
    await expect(tile).toHaveAttribute('href', '/product/homework-folder-sponsorship');
    await expectNoSeriousA11yViolations(page);
    await tile.click();
    await expect(page).toHaveURL(/\/product\/homework-folder-sponsorship$/);
  });
});
