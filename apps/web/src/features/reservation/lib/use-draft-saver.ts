import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveState =
  | { phase: 'idle' }
  | { phase: 'waiting' | 'saving' }
  | { phase: 'saved'; at: Date }
  | { phase: 'invalid' }
  | { phase: 'failed'; message: string };

const DEBOUNCE_MS = 600;

/** How a save is sent: `keepalive` while the page is being left, so that the browser still delivers it. */
export interface SendOptions {
  keepalive: boolean;
}

/**
 * Saves the form as it is filled in (spec §4 drafts): a change waits for a pause in typing,
 * then goes to the server. One save is in flight at a time and the newest values follow it,
 * so the server always keeps the latest form, and an answer is shown only when no newer
 * one has been shown already. `exclusive` runs the final save after whatever is in flight,
 * dropping a draft that it supersedes.
 *
 * A change still waiting when the screen is left goes at once, as a request the browser
 * completes after the page is gone; closing or reloading the tab meanwhile asks first.
 */
export function useDraftSaver<TValues, TAnswer>(
  send: (values: TValues, options: SendOptions) => Promise<TAnswer>,
  onAnswer: (answer: TAnswer) => void,
) {
  const [state, setState] = useState<SaveState>({ phase: 'idle' });
  const pending = useRef<TValues | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const leaving = useRef(false);
  const sent = useRef(0);
  const shown = useRef(0);
  const latest = useRef({ send, onAnswer });
  latest.current = { send, onAnswer };

  /** Sends the newest values, after the save on its way unless `now` (the page is going and cannot wait). */
  const pump = useCallback((now = false) => {
    if ((inFlight.current && !now) || pending.current === null) return;
    const values = pending.current;
    pending.current = null;
    const seq = ++sent.current;
    setState({ phase: 'saving' });
    const flight: Promise<void> = latest.current
      .send(values, { keepalive: leaving.current })
      .then((answer) => {
        if (seq > shown.current) {
          shown.current = seq;
          latest.current.onAnswer(answer);
        }
        if (pending.current === null) setState({ phase: 'saved', at: new Date() });
      })
      .catch((error: Error) => {
        if (pending.current === null) setState({ phase: 'failed', message: error.message });
      })
      .finally(() => {
        if (inFlight.current === flight) inFlight.current = null;
        if (pending.current !== null && timer.current === null) pump();
      });
    inFlight.current = flight;
  }, []);

  const schedule = useCallback(
    (values: TValues) => {
      // Still typing: the school chose to stay on the page it was asked about leaving.
      leaving.current = false;
      pending.current = values;
      setState({ phase: 'waiting' });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        pump();
      }, DEBOUNCE_MS);
    },
    [pump],
  );

  /** The form cannot be saved as it stands (a malformed count): nothing is sent. */
  const hold = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    setState({ phase: 'invalid' });
  }, []);

  /** Whether a change has not reached the server yet: waiting for its pause, queued, or on its way. */
  const isUnsaved = useCallback(
    () => timer.current !== null || pending.current !== null || inFlight.current !== null,
    [],
  );

  /**
   * The page is being left: a waiting change goes now, with keepalive. With a save still on
   * its way, the page that stays sends it after that one; a page going away cannot wait.
   */
  const leave = useCallback(
    ({ pageGoing }: { pageGoing: boolean }) => {
      leaving.current = true;
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      pump(pageGoing);
    },
    [pump],
  );

  const exclusive = useCallback(async <T>(run: () => Promise<T>, answerOf: (result: T) => TAnswer | null) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    while (inFlight.current) await inFlight.current;
    const seq = ++sent.current;
    let result: T;
    try {
      result = await run();
    } catch (error) {
      setState({ phase: 'idle' });
      throw error;
    }
    const answer = answerOf(result);
    if (answer !== null && seq > shown.current) {
      shown.current = seq;
      latest.current.onAnswer(answer);
    }
    setState({ phase: 'saved', at: new Date() });
    return result;
  }, []);

  useEffect(() => {
    leaving.current = false;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!isUnsaved()) return;
      leave({ pageGoing: true });
      // The browser asks whether to leave: the answer may still be lost on the way.
      event.preventDefault();
      event.returnValue = '';
    };
    const pageHide = () => {
      if (isUnsaved()) leave({ pageGoing: true });
    };
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('pagehide', pageHide);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('pagehide', pageHide);
      // Leaving the form for another screen sends a change still waiting for its pause.
      leave({ pageGoing: false });
    };
  }, [isUnsaved, leave]);

  return { state, schedule, hold, exclusive, isUnsaved };
}
