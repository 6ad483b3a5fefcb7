import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveState =
  | { phase: 'idle' }
  | { phase: 'waiting' | 'saving' }
  | { phase: 'saved'; at: Date }
  | { phase: 'invalid' }
  | { phase: 'failed'; message: string };

const DEBOUNCE_MS = 600;

/**
 * Saves the form as it is filled in (spec §4 drafts): a change waits for a pause in typing,
 * then goes to the server. One save is in flight at a time and the newest values follow it,
 * so the server always keeps the latest form, and an answer is shown only when no newer
 * one has been shown already. `exclusive` runs the final save after whatever is in flight,
 * dropping a draft that it supersedes.
 */
export function useDraftSaver<TValues, TAnswer>(
  send: (values: TValues) => Promise<TAnswer>,
  onAnswer: (answer: TAnswer) => void,
) {
  const [state, setState] = useState<SaveState>({ phase: 'idle' });
  const pending = useRef<TValues | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const sent = useRef(0);
  const shown = useRef(0);
  const latest = useRef({ send, onAnswer });
  latest.current = { send, onAnswer };

  const pump = useCallback(() => {
    if (inFlight.current || pending.current === null) return;
    const values = pending.current;
    pending.current = null;
    const seq = ++sent.current;
    setState({ phase: 'saving' });
    inFlight.current = latest.current
      .send(values)
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
        inFlight.current = null;
        if (pending.current !== null && timer.current === null) pump();
      });
  }, []);

  const schedule = useCallback(
    (values: TValues) => {
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

  // Leaving the form sends a change still waiting for its pause.
  useEffect(
    () => () => {
      if (timer.current === null) return;
      clearTimeout(timer.current);
      timer.current = null;
      pump();
    },
    [pump],
  );

  return { state, schedule, hold, exclusive };
}
