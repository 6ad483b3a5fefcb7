import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import classes from './loading-bar.module.css';

/** A thin bar at the top of the window while any call is under way. */
export function LoadingBar({ active = false }: { active?: boolean }) {
  const busy = useIsFetching() + useIsMutating() > 0 || active;
  return (
    <div
      className={classes.track}
      data-active={busy || undefined}
      role="progressbar"
      aria-label="Loading"
      aria-hidden={!busy}
      aria-busy={busy}
    >
      <div className={classes.bar} />
    </div>
  );
}
