import { createHash } from 'node:crypto';

/**
 * The one inline script a server-rendered page carries: once the browser reports the page's
 * first paint (or, where it reports no paints, after the first frame), it announces the
 * modules the page preloads and loads the app's entry, whose list is the JSON before it. Its
 * text never changes, so the content security policy allows it by its hash.
 */
export const BOOT_SCRIPT = [
  'let started=0;',
  'const start=()=>{if(started)return;started=1;',
  "const[entry,...modules]=JSON.parse(document.getElementById('app-scripts').textContent);",
  // One insertion of all the preloads costs the page half as much as one per module.
  'const links=document.createDocumentFragment();',
  "for(const href of modules){const link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;links.append(link)}",
  'document.head.append(links);',
  'import(entry)};',
  "PerformanceObserver.supportedEntryTypes?.includes('paint')",
  "?new PerformanceObserver(start).observe({type:'paint',buffered:true})",
  ':requestAnimationFrame(()=>setTimeout(start))',
].join('');

/** The policy's source for the boot script. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A server-rendered page paints from its HTML alone, so its scripts wait for the first
 * frame: the entry's script tag and the module preloads leave the head, and the boot
 * script asks for them once the content is on screen. On a phone's connection, scripts
 * asked for before the first paint share the bandwidth with what that paint needs.
 */
export function deferScripts(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
  const files = JSON.stringify([entry, ...modules]);
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(
      '</body>',
      `<script id="app-scripts" type="application/json">${files}</script><script type="module">${BOOT_SCRIPT}</script>\n  </body>`,
    );
}
