import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

/** WCAG 2.2 level AA, the level the site promises. */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * What the builder is given to put in the page instead of axe-core's 550 kB: axe is there
 * already (`loadAxeOnce`). The builder sends its source twice a check, and a page parsing it
 * twice spent more time on it than on the check itself.
 */
const ALREADY_LOADED = ';/* axe-core is loaded in this document */';

/**
 * Puts axe-core in each of the page's documents (the page's and its frames') unless an
 * earlier check of the same document did.
 */
async function loadAxeOnce(page: Page) {
  for (const frame of page.frames()) {
    const loaded = await frame.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
    if (!loaded) await frame.evaluate(axe.source);
  }
}

/**
 * Fails on any WCAG 2.2 AA violation on the page as it is now. axe leaves target-size
 * (2.5.8, 24 px targets) off by default, so it is switched on here.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  // A dialog or menu still fading in is read at part of its opacity, its colours paler than
  // anyone will see them: the page is checked once its transitions have finished.
  // (A spinner's or skeleton's endless animation is no transition.)
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout: 5_000 },
  );
  // Legacy mode runs axe in the page itself; the default mode opens a second page for its
  // last step and loads axe into it again, which costs more than the check on a busy machine.
  // The site has no cross-origin frames, the one case legacy mode cannot read.
  await loadAxeOnce(page);
  const results = await new AxeBuilder({ page, axeSource: ALREADY_LOADED })
    .setLegacyMode(true)
    .options({ runOnly: { type: 'tag', values: WCAG_22_AA }, rules: { 'target-size': { enabled: true } } })
    .analyze();
  const found = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found, found.join('\n')).toEqual([]);
}
