import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { Launcher } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { BenchError, track } from './lifecycle.ts';

/** Lighthouse's two device presets: its default (a mid-range phone) and its desktop config. */
export const PRESETS = ['mobile', 'desktop'] as const;
export type Preset = (typeof PRESETS)[number];

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** One Lighthouse run of one page. */
export interface LighthouseRun {
  lhr: Result;
  /** The reports asked for, in the order of `outputs`. */
  reports: string[];
}

/**
 * child_process.spawn, the process tracked from the start (an interrupt while Chromium starts
 * stops it too) with its process group: chrome-launcher starts Chromium detached.
 */
const trackedSpawn = ((...args: Parameters<typeof spawn>) => track(spawn(...args), { group: true })) as typeof spawn;

/**
 * Chromium with a profile of its own (under `userDataDir`), headless and without the
 * sandbox, which refuses to run as root. chrome-launcher's default flags keep it from
 * reaching the network on its own (updates, sync, field trials), so the run works offline.
 */
async function launchChromium(chromePath: string, userDataDir: string): Promise<Launcher> {
  // chrome-launcher opens its log files there before Chromium has made the directory.
  mkdirSync(userDataDir, { recursive: true });
  const chrome = new Launcher(
    { chromePath, userDataDir, chromeFlags: ['--headless', '--no-sandbox'], logLevel: 'silent' },
    { spawn: trackedSpawn },
  );
  await chrome.launch();
  return chrome;
}

/**
 * Measures `url` once in `preset`, in a Chromium started for this run alone: like a new
 * visitor, with no cache, cookies or open connections from an earlier page.
 */
export async function runLighthouse(
  url: string,
  preset: Preset,
  { chromePath, userDataDir, outputs }: { chromePath: string; userDataDir: string; outputs: ('json' | 'html')[] },
): Promise<LighthouseRun> {
  const chrome = await launchChromium(chromePath, userDataDir);
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, logLevel: 'error', onlyCategories: [...CATEGORIES], output: outputs },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new BenchError(`Lighthouse returned nothing for ${url} (${preset}).`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      throw new BenchError(`Lighthouse could not measure ${url} (${preset}): ${lhr.runtimeError.message}`);
    }
    return { lhr, reports: outputs.length ? [result.report].flat() : [] };
  } finally {
    chrome.kill();
  }
}
