import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SendOptions, useDraftSaver } from './use-draft-saver.ts';

type Values = { planners: number };
type Answer = { saved: number };

/** A server whose every answer the test gives, in the order it chooses. */
function fakeServer() {
  const calls: { values: Values; options: SendOptions; answer: () => Promise<void>; fail: () => Promise<void> }[] = [];
  const send = vi.fn(
    (values: Values, options: SendOptions) =>
      new Promise<Answer>((resolve, reject) => {
        calls.push({
          values,
          options,
          answer: () => act(async () => resolve({ saved: values.planners })),
          fail: () => act(async () => reject(new Error('The server could not be reached.'))),
        });
      }),
  );
  return { calls, send };
}

function renderSaver() {
  const server = fakeServer();
  const onAnswer = vi.fn<(answer: Answer) => void>();
  const hook = renderHook(() => useDraftSaver(server.send, onAnswer));
  const saver = () => hook.result.current;
  return { ...server, onAnswer, saver, hook };
}

const wait = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

/** The browser's question before a reload or a closed tab: whether the page asks it. */
function leavingIsQuestioned(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the reservation form’s draft saver', () => {
  it('waits for a pause in typing, then sends the newest values once', async () => {
    const { calls, saver } = renderSaver();
    act(() => saver().schedule({ planners: 1 }));
    await wait(500);
    act(() => saver().schedule({ planners: 12 }));
    await wait(599);
    expect(calls).toHaveLength(0);
    expect(saver().state.phase).toBe('waiting');

    await wait(1);
    expect(calls.map((c) => c.values)).toEqual([{ planners: 12 }]);
    expect(calls[0]!.options).toEqual({ keepalive: false });
    expect(saver().state.phase).toBe('saving');
    await calls[0]!.answer();
    expect(saver().state.phase).toBe('saved');
    expect(saver().isUnsaved()).toBe(false);
  });

  it('sends one save at a time, and after it only the newest values', async () => {
    const { calls, saver, onAnswer } = renderSaver();
    act(() => saver().schedule({ planners: 1 }));
    await wait(600);
    act(() => saver().schedule({ planners: 2 }));
    await wait(600);
    act(() => saver().schedule({ planners: 3 }));
    await wait(600);
    expect(calls).toHaveLength(1);

    await calls[0]!.answer();
    expect(onAnswer).toHaveBeenLastCalledWith({ saved: 1 });
    expect(calls.map((c) => c.values)).toEqual([{ planners: 1 }, { planners: 3 }]);
    // The answer shown is not the form's last word yet: the newer save is on its way.
    expect(saver().state.phase).toBe('saving');
    expect(saver().isUnsaved()).toBe(true);

    await calls[1]!.answer();
    expect(onAnswer).toHaveBeenLastCalledWith({ saved: 3 });
    expect(saver().state.phase).toBe('saved');
  });

  it('asks before a tab with a change not saved closes, sends it at once, and never shows an older answer over a newer one', async () => {
    const { calls, saver, onAnswer } = renderSaver();
    act(() => saver().schedule({ planners: 1 }));
    await wait(600);
    act(() => saver().schedule({ planners: 2 }));

    // The page is going: the waiting change cannot wait for the save on its way.
    let asked = false;
    act(() => {
      asked = leavingIsQuestioned();
    });
    expect(asked).toBe(true);
    expect(calls.map((c) => c.values)).toEqual([{ planners: 1 }, { planners: 2 }]);
    expect(calls[1]!.options).toEqual({ keepalive: true });

    await calls[1]!.answer();
    await calls[0]!.answer();
    expect(onAnswer.mock.calls).toEqual([[{ saved: 2 }]]);
  });

  it('lets the tab close without asking once everything is saved', async () => {
    const { calls, saver } = renderSaver();
    expect(leavingIsQuestioned()).toBe(false);
    act(() => saver().schedule({ planners: 1 }));
    await wait(600);
    await calls[0]!.answer();
    expect(leavingIsQuestioned()).toBe(false);
  });

  it('sends a change still waiting for its pause when the form is left for another screen', async () => {
    const { calls, saver, hook } = renderSaver();
    act(() => saver().schedule({ planners: 4 }));
    await wait(100);
    hook.unmount();
    expect(calls.map((c) => c.values)).toEqual([{ planners: 4 }]);
    expect(calls[0]!.options).toEqual({ keepalive: true });
  });

  it('sends nothing while the form cannot be saved as it stands', async () => {
    const { calls, saver, hook } = renderSaver();
    act(() => saver().schedule({ planners: 4 }));
    act(() => saver().hold());
    await wait(1000);
    hook.unmount();
    expect(calls).toHaveLength(0);
  });

  it('says so when a draft could not be saved', async () => {
    const { calls, saver, onAnswer } = renderSaver();
    act(() => saver().schedule({ planners: 4 }));
    await wait(600);
    await calls[0]!.fail();
    expect(saver().state).toEqual({ phase: 'failed', message: 'The server could not be reached.' });
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('runs the final save after the draft on its way, dropping the draft it supersedes', async () => {
    const { calls, saver, onAnswer } = renderSaver();
    act(() => saver().schedule({ planners: 1 }));
    await wait(600);
    act(() => saver().schedule({ planners: 2 }));

    const finalSave = vi.fn(async () => ({ saved: 99 }));
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = saver().exclusive(finalSave, (result) => result);
    });
    await wait(0);
    expect(finalSave).not.toHaveBeenCalled();

    await calls[0]!.answer();
    await act(async () => void (await done));
    expect(finalSave).toHaveBeenCalledTimes(1);
    await wait(1000);
    expect(calls.map((c) => c.values)).toEqual([{ planners: 1 }]);
    expect(onAnswer.mock.calls).toEqual([[{ saved: 1 }], [{ saved: 99 }]]);
    expect(saver().state.phase).toBe('saved');
  });
});
