import { afterAll, afterEach, beforeAll } from 'vitest';
import { createCatalogueApp } from './catalogue.ts';
import type { TestApp } from './test-app.ts';

/**
 * A test app with the catalogue whose clock (the date the order rules see) a test may set;
 * after each test it reads the real time again. `app()` is the app once it has started.
 */
export function clockedCatalogueApp() {
  let app: TestApp | undefined;
  let setTo: Date | undefined;
  beforeAll(async () => {
    app = await createCatalogueApp({ clock: () => setTo ?? new Date() });
  });
  afterAll(() => app?.close());
  afterEach(() => {
    setTo = undefined;
  });
  return {
    app: () => {
      if (!app) throw new Error('The test app has not started');
      return app;
    },
    /** From now on (until the test ends) the app's today is `date`. */
    setToday: (date: Date) => {
      setTo = date;
    },
  };
}
