import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test-support/render.tsx';
import { ApiError } from './api-client.ts';
import { type SubmitOptions, useSubmit } from './use-submit.ts';

type Values = { email: string };

function EmailForm({ send, options }: { send: (values: Values) => Promise<unknown>; options?: SubmitOptions }) {
  const form = useForm<Values>({ defaultValues: { email: 'office@oak.example' } });
  const { submit, submitting } = useSubmit(form, send, options);
  return (
    <form onSubmit={submit}>
      <label>
        E-mail
        <input {...form.register('email', { required: 'Enter an e-mail.' })} />
      </label>
      <p>{form.formState.errors.email?.message}</p>
      <button type="submit">{submitting ? 'Sending…' : 'Send'}</button>
    </form>
  );
}

/** A call the test answers when it chooses. */
function heldCall() {
  let answer: () => void = () => undefined;
  const send = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
  return { send, answer: () => act(() => answer()) };
}

describe('useSubmit', () => {
  it('sends once however often the button is pressed while the call runs, and is busy meanwhile', async () => {
    const call = heldCall();
    renderScreen(<EmailForm send={call.send} />);
    const button = screen.getByRole('button', { name: 'Send' });
    // Presses that arrive before React has rendered the busy state.
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(button.closest('form')!);
    await screen.findByRole('button', { name: 'Sending…' });
    expect(call.send).toHaveBeenCalledTimes(1);
    expect(call.send).toHaveBeenCalledWith({ email: 'office@oak.example' });

    await call.answer();
    await screen.findByRole('button', { name: 'Send' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(call.send).toHaveBeenCalledTimes(2));
  });

  it('sends nothing when the form’s own rules refuse it, and says so', async () => {
    const send = vi.fn(async () => undefined);
    const onInvalid = vi.fn();
    renderScreen(<EmailForm send={send} options={{ onInvalid }} />);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter an e-mail.')).toBeTruthy();
    expect(onInvalid).toHaveBeenCalledTimes(1);
    expect(send).not.toHaveBeenCalled();
  });

  it('places the server’s messages under the fields it is given, and can be pressed again', async () => {
    const send = vi.fn(async () => {
      throw new ApiError(400, 'Check the form.', { email: 'That e-mail is in use.', other: 'Not on this form.' });
    });
    const onServerErrors = vi.fn();
    renderScreen(<EmailForm send={send} options={{ serverFields: ['email'], onServerErrors }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('That e-mail is in use.')).toBeTruthy();
    expect(screen.queryByText('Not on this form.')).toBeNull();
    expect(onServerErrors).toHaveBeenCalledTimes(1);

    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
  });
});
