import { HEADER_FIX_AFTER_PX, HEADER_HIDE_AFTER_PX } from '@portal/contracts/constants';
import { useEffect, useState } from 'react';

/**
 * The header becomes fixed after 50 px of scrolling, hides while the page scrolls down
 * past 100 px, and comes back as soon as it scrolls up.
 */
export function useHeaderScroll() {
  const [state, setState] = useState({ fixed: false, hidden: false });

  useEffect(() => {
    let lastY = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      const delta = y - lastY;
      lastY = y;
      setState((prev) => {
        const fixed = y > HEADER_FIX_AFTER_PX;
        let hidden = prev.hidden;
        if (delta > 0 && y > HEADER_HIDE_AFTER_PX) hidden = true;
        else if (delta < 0 || y <= HEADER_HIDE_AFTER_PX) hidden = false;
        return prev.fixed === fixed && prev.hidden === hidden ? prev : { fixed, hidden };
      });
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
  }, []);

  return state;
}
