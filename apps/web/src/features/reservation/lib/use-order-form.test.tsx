import { MSG } from '@portal/contracts/messages';
import type { TTempOrderResponse, TUpdateTempOrderBody, TUpdateTempOrderResponse } from '@portal/contracts/orders';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastSuccess } from '../../../lib/toast.tsx';
import { addressOf, renderScreen } from '../../../test-support/render.tsx';
import { readTempOrder, saveOrder } from '../api/reservation-calls.ts';
import { toFormValues, unsaved } from './form-values.ts';
import { useOrderForm } from './use-order-form.ts';

vi.mock('../api/reservation-calls.ts', () => ({ saveOrder: vi.fn(), readTempOrder: vi.fn() }));
vi.mock('../../../lib/toast.tsx', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

const ORDER_KEY = 'k-2026-oak';
const savedAnswers = { school_year: '2026-2027', noprimary_planners: 0, payment_method: 1, agreed: 0 };

function tempOrder(customFields: Record<string, unknown> = savedAnswers): TTempOrderResponse {
  return {
    status: 'success',
    message: '',
    order: {
      order_id: 7,
      order_key: ORDER_KEY,
      custom_fields: customFields,
      custom_price: [],
      total_amount: '0.00',
      total_amount_html: '$0.00',
      has_tax: false,
      order_status: 'Pending',
      current_order_status: 'Pending',
      editable: true,
      lock_reason: '',
      finalize_only: false,
      free_tnc_req: false,
      free_tnc_accepted: false,
      product: {
        name: 'Planner',
        slug: 'planner',
        image: '',
        category: '',
        regular_price_html: '',
        total_amount_html: '',
      },
    },
    isneworder: false,
    costs: {},
    rangeyear: ['2026-2027', '2027-2028'],
    files: { custom_pages: [], cover_optn: [], fss_car_mag: [], fhomework_folders: [], po_document: [] },
    tax_certificate: null,
  };
}

/** What the server answers a save: the fields as the order now has them, with its price. */
function answer(customFields: Record<string, unknown>, extra: Partial<TUpdateTempOrderResponse> = {}) {
  return {
    status: 'success',
    message: 'Saved.',
    order_key: ORDER_KEY,
    order_status: 'Pending',
    type: '',
    redirect: '',
    custom_price: [],
    total_amount: '120.00',
    total_amount_html: '$120.00',
    has_tax: false,
    custom_fields: customFields,
    ...extra,
  } satisfies TUpdateTempOrderResponse;
}

const save = vi.mocked(saveOrder);
const sent = (call: number) => save.mock.calls[call]![0] as TUpdateTempOrderBody;

type OrderForm = ReturnType<typeof useOrderForm>;

function renderOrderForm(data = tempOrder()) {
  const hook: { current: OrderForm } = { current: undefined as unknown as OrderForm };
  function ReservationForm() {
    hook.current = useOrderForm(data);
    return (
      <form>
        <button type="button" onClick={hook.current.press('later')}>
          Save for later
        </button>
        <button type="button" onClick={hook.current.press('finalize')}>
          Finalize Order
        </button>
      </form>
    );
  }
  const { router } = renderScreen(<ReservationForm />, { path: `/order-now/${ORDER_KEY}` });
  const change = (name: Parameters<OrderForm['form']['setValue']>[0], value: string | boolean) =>
    act(() => hook.current.form.setValue(name, value as never, { shouldDirty: true }));
  return { hook, router, change };
}

const pause = () => act(async () => void vi.advanceTimersByTime(600));

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  save.mockReset();
  vi.mocked(readTempOrder).mockReset();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the reservation form’s state', () => {
  it('sends a change as a draft once typing pauses, naming only the fields changed, and shows the price it answers', async () => {
    save.mockResolvedValue(answer({ ...savedAnswers, noprimary_planners: 10 }));
    const { hook, change } = renderOrderForm();
    change('noprimary_planners', '10');
    expect(save).not.toHaveBeenCalled();

    await pause();
    expect(save).toHaveBeenCalledTimes(1);
    expect(sent(0)).toMatchObject({ order_key: ORDER_KEY, draft: 1, noprimary_planners: '10' });
    expect(sent(0).changed).toEqual(['noprimary_planners']);
    expect(save.mock.calls[0]![1]).toEqual({ silent: true, keepalive: false });
    expect(hook.current.pricing.total_amount_html).toBe('$120.00');
  });

  it('shows what another window saved in the fields this one did not change, and does not send them back as its own', async () => {
    const { hook, change } = renderOrderForm();
    // Meanwhile another window chose the next school year and 3 standard planners.
    save.mockResolvedValueOnce(
      answer({ ...savedAnswers, school_year: '2027-2028', nostandard_planners: 3, noprimary_planners: 10 }),
    );
    change('noprimary_planners', '10');
    await pause();

    const values = hook.current.form.getValues();
    expect(values).toMatchObject({ school_year: '2027-2028', nostandard_planners: '3', noprimary_planners: '10' });
    expect(hook.current.changedElsewhere).toBe(true);

    save.mockResolvedValueOnce(answer({ ...savedAnswers, school_year: '2027-2028', noprimary_planners: 12 }));
    change('noprimary_planners', '12');
    await pause();
    expect(sent(1).changed).toEqual(['noprimary_planners']);
  });

  it('keeps a Reserved order’s changes for Save Updates: its drafts are only priced', async () => {
    const reserved = tempOrder();
    reserved.order.order_status = 'Reserved';
    save.mockResolvedValue(answer({ ...savedAnswers }, { order_status: 'Reserved' }));
    const { change } = renderOrderForm(reserved);
    change('noprimary_planners', '10');
    await pause();
    change('nostandard_planners', '2');
    await pause();
    expect(sent(1).changed).toEqual(['noprimary_planners', 'nostandard_planners']);
  });

  it('agrees to the terms by itself for No Payment Required, and takes it back when the option changes', async () => {
    save.mockResolvedValue(answer(savedAnswers));
    const { hook, change } = renderOrderForm();
    change('payment_method', '0');
    expect(hook.current.form.getValues('agreed')).toBe(true);
    change('payment_method', '2');
    expect(hook.current.form.getValues('agreed')).toBe(false);
  });

  it('leaves the terms ticked by the school as they are when the option changes', async () => {
    save.mockResolvedValue(answer(savedAnswers));
    const { hook, change } = renderOrderForm();
    change('agreed', true);
    change('payment_method', '0');
    change('payment_method', '2');
    expect(hook.current.form.getValues('agreed')).toBe(true);
  });

  it('only says so when Finalize is pressed with "just placing reservation" chosen', async () => {
    const { hook } = renderOrderForm(tempOrder({ ...savedAnswers, payment_method: 3 }));
    fireEvent.click(screen.getByRole('button', { name: 'Finalize Order' }));
    await act(async () => void vi.advanceTimersByTime(1000));
    expect(save).not.toHaveBeenCalled();
    expect(hook.current.form.getFieldState('payment_method').error?.message).toBe(MSG.changePaymentToFinalize);
  });

  it('saves for later as a Pending draft that the school hears about, and goes where the server says', async () => {
    save.mockResolvedValue(
      answer(savedAnswers, { message: 'Your order is saved.', redirect: '/school/orders', type: 'internal' }),
    );
    const { router } = renderOrderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save for later' }));
    await act(async () => void vi.advanceTimersByTime(0));
    expect(save).toHaveBeenCalledTimes(1);
    expect(sent(0)).toMatchObject({ draft: 1, status: 'Pending' });
    expect(save.mock.calls[0]![1]).toEqual({ silent: false, keepalive: false });
    expect(toastSuccess).toHaveBeenCalledWith('Your order is saved.');
    expect(addressOf(router)).toBe('/school/orders');
  });

  it('sends the values kept from before the session expired as soon as the form is back', async () => {
    unsaved.keep(ORDER_KEY, { ...toFormValues(savedAnswers), noprimary_planners: '25' });
    save.mockResolvedValue(answer({ ...savedAnswers, noprimary_planners: 25 }));
    const { hook } = renderOrderForm();
    expect(hook.current.form.getValues('noprimary_planners')).toBe('25');

    await pause();
    expect(save).toHaveBeenCalledTimes(1);
    expect(sent(0).changed).toEqual(['noprimary_planners']);
    // The server has them now: a later visit opens from the server's answers.
    expect(unsaved.read(ORDER_KEY)).toBeNull();
  });
});
