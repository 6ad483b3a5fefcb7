import { TOAST_MS } from '@portal/contracts/constants';
import { IconCheck, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/*
 * Most page views never show a toast, so the notifications code loads with the first one:
 * toast() asks for the module, <ToastHost /> mounts its container once asked, and a toast
 * shown before the container mounts waits in Mantine's store and appears with it.
 */
const loadHost = () => import('./notifications-host.tsx');
const NotificationsHost = lazy(loadHost);

let requested = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function ToastHost() {
  const show = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  return show ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

/** The failures still showing, by the screen they were shown on: they belong to it alone. */
const errorsShown = new Map<string, string>();

/** The failures showing (or about to), as screen and message: the same one twice on a screen is shown once. */
const failuresShowing = new Set<string>();

/**
 * Toast type 1 is success and 0 failure, each with its icon, shown for 5 seconds. A failure
 * already showing on this screen (a load tried again, two parts of a screen refused alike)
 * is not shown a second time.
 */
export function toast(type: 0 | 1, message: string) {
  const screen = window.location.pathname;
  const failure = `${screen}\n${message}`;
  if (type === 0) {
    if (failuresShowing.has(failure)) return;
    failuresShowing.add(failure);
  }
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void loadHost().then(({ notifications }) => {
    const id = notifications.show({
      message,
      color: type === 1 ? 'teal' : 'red',
      icon: type === 1 ? <IconCheck size={18} aria-hidden /> : <IconX size={18} aria-hidden />,
      autoClose: TOAST_MS,
      withBorder: true,
      // Mantine's close button is an icon alone; without a name screen readers announce just "button".
      closeButtonProps: { 'aria-label': 'Close notification' },
      onClose: () => {
        errorsShown.delete(id);
        failuresShowing.delete(failure);
      },
    });
    if (type === 0) errorsShown.set(id, screen);
  });
}

/**
 * Takes away the failures of the screens left behind: what a refused button said is no
 * news on the next screen. Rendered once, inside the router, for every screen.
 */
export function ScreenToasts() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const stale = [...errorsShown].filter(([, screen]) => screen !== pathname).map(([id]) => id);
    if (stale.length === 0) return;
    void loadHost().then(({ notifications }) => {
      for (const id of stale) {
        errorsShown.delete(id);
        notifications.hide(id);
      }
      for (const failure of failuresShowing) if (!failure.startsWith(`${pathname}\n`)) failuresShowing.delete(failure);
    });
  }, [pathname]);
  return null;
}

export const toastSuccess = (message: string) => toast(1, message);
export const toastError = (message: string) => toast(0, message);
