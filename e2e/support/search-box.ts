import type { Page } from '@playwright/test';

/**
 * The header's search box: a plain search field until it first gets focus or the pointer,
 * then the combobox with suggestions that replaces it. Either, so that a click that starts on
 * the plain field and lands after the swap still finds the box.
 */
export const searchBox = (scope: Page | ReturnType<Page['getByRole']>) =>
  scope
    .getByRole('combobox', { name: 'Search products' })
    .or(scope.getByRole('searchbox', { name: 'Search products' }));
