import { HEADER_FIX_AFTER_PX, HEADER_HIDE_AFTER_PX } from '@portal/contracts/constants';
import { type RefObject, useEffect } from 'react';

/**
 * The header becomes fixed after 50 px of scrolling, hides while the page scrolls down
 * past 100 px, and comes back as soon as it scrolls up.
 *
 * Its state is the header's own `data-fixed` and `data-hidden`, written here rather than
 * rendered: on a server-rendered page the boot script follows the visitor's scroll with the
 * same rule before the app runs (`deferred-scripts.ts`), and the app goes on from the
 * header as it finds it, so the first scroll counts and hydration changes nothing.
 */
export function useHeaderScroll(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    let lastY = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      const delta = y - lastY;
      lastY = y;
      header.toggleAttribute('data-fixed', y > HEADER_FIX_AFTER_PX);
      if (delta > 0 && y > HEADER_HIDE_AFTER_PX) header.toggleAttribute('data-hidden', true);
      else if (delta < 0 || y <= HEADER_HIDE_AFTER_PX) header.toggleAttribute('data-hidden', false);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    update();
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [ref]);
}
