import { Box } from '@mantine/core';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingBar } from '../loading-bar.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/**
 * A new page starts at the top, unless the address points at an anchor. Not the page the
 * app starts on: the browser placed it, and the visitor of a server-rendered page may have
 * scrolled it before the app ran.
 */
function useScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  const shown = useRef(`${pathname}${hash}`);
  useEffect(() => {
    if (shown.current === `${pathname}${hash}`) return;
    shown.current = `${pathname}${hash}`;
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
}

/**
 * Marks the page as working once the screen has mounted: a page the server rendered shows
 * at once, and answers to clicks and typing from then on.
 */
function ScreenReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}

/** A screen of its own frame (the back office): loading and readiness as on every page. */
export function ScreenFrame() {
  return (
    <Suspense fallback={<LoadingBar active />}>
      <Outlet />
      <ScreenReady />
    </Suspense>
  );
}

/** Header, the screen, footer: the frame of every public and account page. */
export function PublicLayout() {
  useScrollToTopOnNavigate();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <Box component="main" id="main" style={{ flex: 1 }}>
        <Suspense fallback={<LoadingBar active />}>
          <Outlet />
          <ScreenReady />
        </Suspense>
      </Box>
      <SiteFooter />
    </Box>
  );
}
