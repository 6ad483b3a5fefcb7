import type { Page } from '@playwright/test';

/** Puts a signed-in state into browser storage, as the sign-in screens do. */
export async function setBrowserSession(page: Page, usertype: number, token = 'e2e-token') {
  await page.addInitScript(
    ([type, tok]) => {
      window.localStorage.setItem('isLoggedIn', 'true');
      window.localStorage.setItem('token', String(tok));
      window.localStorage.setItem('usertype', String(type));
    },
    [usertype, token] as const,
  );
}
