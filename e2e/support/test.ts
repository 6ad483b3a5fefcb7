import { randomInt } from 'node:crypto';
import { test as base, type Page } from '@playwright/test';
import { unexpected, watchContext, watchServerLog } from './watch-errors.ts';

export type { Locator, Page } from '@playwright/test';
export { expect } from '@playwright/test';

/**
 * Waits until the app answers to clicks and typing. A public page arrives rendered by the
 * server and is usable as a document at once; its scripts run at the visitor's first
 * interaction, which a press of Shift is (it changes nothing on the page), and its buttons
 * and forms work once they have hydrated it. Pages that are not the app (the payment
 * gateway's page, a PDF) are not waited for.
 */
export async function waitForApp(page: Page): Promise<void> {
  const waiting = await page.evaluate(
    () => !!document.getElementById('app-scripts') && document.documentElement.dataset.app !== 'ready',
  );
  if (waiting) await page.keyboard.press('Shift');
  await page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.dataset.app === 'ready',
  );
}

/** An address of its own for one test's visitor, from a range no real client of the run has. */
const visitorAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;

interface Fixtures {
  /**
   * The errors a test provokes on purpose, by what they say: a page error, a console.error
   * of the app or a server log line. Each must come, and nothing else may.
   */
  expectedErrors: RegExp[];
  /** What went wrong while the test ran; checked when it ends (automatic). */
  problems: string[];
}

/**
 * Playwright's test, whose page waits for the app after each navigation it is asked to
 * make, and which fails for any page or server error it did not expect. Its browser is a
 * visitor of its own: the server runs as behind one proxy (TRUST_PROXY in
 * playwright.config.ts), believes the X-Forwarded-For sent here, and so counts each test's
 * requests against its own address, as it counts every school's behind the site's load
 * balancer. Without it the whole run would be one office registering dozens of schools an hour.
 */
export const test = base.extend<Fixtures>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': visitorAddress() });
  },
  expectedErrors: [[], { option: true }],
  problems: [
    async ({ expectedErrors }, use) => {
      const serverErrors = watchServerLog();
      const problems: string[] = [];
      await use(problems);
      problems.push(...serverErrors().map((line) => `server error: ${line}`));
      const left = unexpected(problems, expectedErrors);
      if (left.length) throw new Error(`What went wrong while this test ran:\n${left.join('\n')}`);
    },
    { auto: true },
  ],
  context: async ({ context, problems }, use) => {
    watchContext(context, problems);
    await use(context);
  },
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await waitForApp(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await waitForApp(page);
      return response;
    };
    await use(page);
  },
});
