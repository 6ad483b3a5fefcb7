import { Box } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingBar } from '../loading-bar.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** A new page starts at the top, unless the address points at an anchor. */
function useScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation by design
  useEffect(() => {
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

/** Header, the screen, footer: the frame of every page. */
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
