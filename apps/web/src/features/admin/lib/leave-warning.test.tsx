import { Button, TextInput } from '@mantine/core';
import { MSG } from '@portal/contracts/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { addressOf, renderScreen } from '../../../test-support/render.tsx';
import { FormLeaveWarning } from './leave-warning.tsx';

type Values = { name: string };

/** A back-office form as the screens write one: useSubmit sends it, FormLeaveWarning guards it. */
function NameForm({ save }: { save: (values: Values) => Promise<unknown> }) {
  const form = useForm<Values>({ defaultValues: { name: 'Oak Elementary' } });
  const { submit, submitting } = useSubmit(form, save, { serverFields: ['name'] });
  return (
    <form onSubmit={submit}>
      <TextInput label="Name" {...form.register('name')} error={form.formState.errors.name?.message} />
      <Button type="submit" loading={submitting}>
        Save
      </Button>
      <Link to="/elsewhere">Orders</Link>
      <FormLeaveWarning form={form} />
    </form>
  );
}

function renderForm(save: (values: Values) => Promise<unknown> = async () => undefined) {
  const user = userEvent.setup();
  const rendered = renderScreen(<NameForm save={save} />, { path: '/admin/schools/1' });
  return { user, ...rendered };
}

/** Whether the page would ask before the browser reloads or closes it. */
function reloadIsQuestioned(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

async function typeName(user: ReturnType<typeof userEvent.setup>, name: string) {
  const input = screen.getByLabelText('Name');
  await user.clear(input);
  await user.type(input, name);
}

describe('the leave warning of a form', () => {
  it('lets an untouched form be left without asking', async () => {
    const { user, router } = renderForm();
    expect(reloadIsQuestioned()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect(await screen.findByText('Another screen')).toBeTruthy();
    expect(addressOf(router)).toBe('/elsewhere');
  });

  it('asks before typing not saved is lost, and leaves only when told to', async () => {
    const { user, router } = renderForm();
    await typeName(user, 'Oak Academy');
    expect(reloadIsQuestioned()).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect(await screen.findByText(MSG.leaveUnsavedTitle)).toBeTruthy();
    expect(addressOf(router)).toBe('/admin/schools/1');

    await user.click(screen.getByRole('button', { name: MSG.leaveUnsavedCancel }));
    await waitFor(() => expect(screen.queryByText(MSG.leaveUnsavedTitle)).toBeNull());
    expect(addressOf(router)).toBe('/admin/schools/1');
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Oak Academy');

    await user.click(screen.getByRole('link', { name: 'Orders' }));
    await user.click(await screen.findByRole('button', { name: MSG.leaveUnsavedConfirm }));
    expect(await screen.findByText('Another screen')).toBeTruthy();
    expect(addressOf(router)).toBe('/elsewhere');
  });

  it('stops asking once the form is saved', async () => {
    const save = vi.fn(async () => undefined);
    const { user, router } = renderForm(save);
    await typeName(user, 'Oak Academy');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalledWith({ name: 'Oak Academy' });

    await waitFor(() => expect(reloadIsQuestioned()).toBe(false));
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect(await screen.findByText('Another screen')).toBeTruthy();
    expect(addressOf(router)).toBe('/elsewhere');
  });

  it('keeps asking after a save the server refused, whose message stays under its field', async () => {
    const save = vi.fn(async () => {
      throw new ApiError(400, MSG.fillRequiredFields, { name: 'That name is taken.' });
    });
    const { user, router } = renderForm(save);
    await typeName(user, 'Oak Academy');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That name is taken.')).toBeTruthy();

    expect(reloadIsQuestioned()).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect(await screen.findByText(MSG.leaveUnsavedTitle)).toBeTruthy();
    expect(addressOf(router)).toBe('/admin/schools/1');
  });

  it('keeps asking after a save that failed without naming a field (a conflict, the network)', async () => {
    // No field message marks the form as failed here: only the refusal itself can.
    for (const failure of [new ApiError(409, 'The record was changed meanwhile.'), new TypeError('Failed to fetch')]) {
      const save = vi.fn(() => Promise.reject(failure));
      const { user, router, unmount } = renderForm(save);
      await typeName(user, 'Oak Academy');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('data-loading')).toBe(false),
      );

      expect(reloadIsQuestioned()).toBe(true);
      await user.click(screen.getByRole('link', { name: 'Orders' }));
      expect(await screen.findByText(MSG.leaveUnsavedTitle)).toBeTruthy();
      expect(addressOf(router)).toBe('/admin/schools/1');
      unmount();
    }
  });
});
