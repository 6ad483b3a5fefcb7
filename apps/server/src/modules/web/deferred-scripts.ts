import { createHash } from 'node:crypto';
import { BROWSER_STORAGE, HEADER_FIX_AFTER_PX, HEADER_HIDE_AFTER_PX } from '@portal/contracts/constants';

/** What a visitor does first with a page: the moment its scripts are wanted. */
export const FIRST_INTERACTIONS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel'];

/** The controls that do nothing without the scripts: a click on one before they run is kept and replayed. */
const SCRIPTED_CONTROL = 'button,[role="button"]';

/**
 * The one inline script a server-rendered page carries. The page works as a document from
 * its HTML alone: its links lead on and its search form searches. The script runs the app's
 * modules, listed as JSON before it, at the visitor's first interaction (a pointer over the
 * page, a touch, a key, a focus or a scroll), and they hydrate the page. A browser that keeps
 * a session or a cart runs them after the first paint (or, where paints are not reported, the
 * first frame), without waiting, because the server rendered the page for a new visitor,
 * which this browser is not. Until the app runs, the header follows the scroll as the app
 * would make it follow. A click on a button that comes before the app can answer it is held,
 * and given to the app once it runs. The text never changes, so the content security policy
 * allows it by its hash.
 */
export const BOOT_SCRIPT = [
  "const files=JSON.parse(document.getElementById('app-scripts').textContent);",
  'let started=0,held=null;',
  `const triggers=${JSON.stringify(FIRST_INTERACTIONS)};`,
  'const start=()=>{if(started)return;started=1;',
  'for(const type of triggers)removeEventListener(type,start,true);',
  // The preloads let the browser fetch the whole module graph at once, not level by level;
  // one insertion of all of them costs the page half as much as one per module.
  'const links=document.createDocumentFragment();',
  "for(const href of files){const link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;links.append(link)}",
  'document.head.append(links);',
  // The held click goes to the app once the page has hydrated (the app marks it ready), or,
  // if the scripts failed to load, gets the browser's own answer.
  'import(files[0]).then(()=>{const root=document.documentElement;',
  "if(root.dataset.app==='ready')return replay();",
  "new MutationObserver((_,observer)=>{if(root.dataset.app==='ready'){observer.disconnect();replay()}}).observe(root,{attributeFilter:['data-app']})},replay)};",
  "const replay=()=>{removeEventListener('click',hold,true);held?.isConnected&&held.click()};",
  // A click that no pointer or key came before (an assistive technology's) starts them too.
  `const hold=(event)=>{start();const control=event.target.closest?.(${JSON.stringify(SCRIPTED_CONTROL)});`,
  'if(control&&!held){held=control;event.preventDefault();event.stopPropagation()}};',
  "addEventListener('click',hold,true);",
  'for(const type of triggers)addEventListener(type,start,{capture:true,passive:true});',
  // The header follows the scroll from the first one, by the rule the app's
  // `useHeaderScroll` goes on with once it runs: fixed after 50 px, hidden while
  // scrolling down past 100 px.
  "const header=document.querySelector('[data-follows-scroll]');",
  'if(header){let lastY=scrollY;const follow=()=>{',
  "if(document.documentElement.dataset.app==='ready')return removeEventListener('scroll',follow);",
  `const y=scrollY,delta=y-lastY;lastY=y;header.toggleAttribute('data-fixed',y>${HEADER_FIX_AFTER_PX});`,
  `if(delta>0&&y>${HEADER_HIDE_AFTER_PX})header.toggleAttribute('data-hidden',true);`,
  `else if(delta<0||y<=${HEADER_HIDE_AFTER_PX})header.toggleAttribute('data-hidden',false)};`,
  "addEventListener('scroll',follow,{passive:true})}",
  'const stored=(key)=>{try{return localStorage.getItem(key)}catch{return null}};',
  // Read after the paint, in a task of its own: the first read of the storage is slow.
  `const known=()=>{if(stored(${JSON.stringify(BROWSER_STORAGE.token)})||stored(${JSON.stringify(BROWSER_STORAGE.cartId)}))start()};`,
  "PerformanceObserver.supportedEntryTypes?.includes('paint')",
  "?new PerformanceObserver(known).observe({type:'paint',buffered:true})",
  ':requestAnimationFrame(()=>setTimeout(known))',
].join('');

/** The policy's source for the boot script. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A server-rendered page paints and reads from its HTML alone, so its scripts wait (see the
 * boot script): the entry's script tag and the module preloads leave the head, and the boot
 * script asks for them when they are wanted. On a phone, scripts run during the load share
 * the one main thread and the connection with what the page needs to be seen and read.
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
