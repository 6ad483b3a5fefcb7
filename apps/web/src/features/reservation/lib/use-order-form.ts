import { MSG } from '@portal/contracts/messages';
import { OrderFormFields, type TTempOrderResponse, type TUpdateTempOrderResponse } from '@portal/contracts/orders';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useFormDerived } from '../../../lib/form.ts';
import { toastError, toastSuccess } from '../../../lib/toast.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { saveOrder } from '../api/reservation-calls.ts';
import type { Pricing } from '../components/price-summary.tsx';
import {
  completeResolver,
  draftResolver,
  FIELDS,
  type FormButton,
  type FormValues,
  formShape,
  STATUS_FOR,
  showFirstProblem,
  toFormValues,
  unsaved,
} from './form-values.ts';
import { useDraftSaver } from './use-draft-saver.ts';

/**
 * The reservation form's state: its values, saved as drafts while it is filled in and
 * priced by the server, and the buttons that reserve, save updates or finalize it.
 */
export function useOrderForm(data: TTempOrderResponse) {
  const navigate = useNavigate();
  const orderKey = data.order.order_key;
  const editable = data.order.editable;
  const completing = useRef(false);
  const pressed = useRef<FormButton>('complete');
  const [pressedButton, setPressedButton] = useState<FormButton | null>(null);

  const form = useForm<FormValues>({
    defaultValues: unsaved.read(orderKey) ?? toFormValues(data.order.custom_fields),
    resolver: (values, context, options) =>
      (completing.current ? completeResolver : draftResolver)(values, context, options),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });

  const [pricing, setPricing] = useState<Pricing>({
    custom_price: data.order.custom_price,
    total_amount_html: data.order.total_amount_html,
    has_tax: data.order.has_tax,
  });

  const saver = useDraftSaver(
    (values: FormValues) => {
      unsaved.keep(orderKey, values);
      return saveOrder({ ...values, order_key: orderKey, draft: 1 }, { silent: true });
    },
    (answer: TUpdateTempOrderResponse) => {
      unsaved.clear(orderKey);
      setPricing({
        custom_price: answer.custom_price,
        total_amount_html: answer.total_amount_html,
        has_tax: answer.has_tax,
      });
    },
  );

  // Values kept from before the session expired go to the server as soon as the form is back.
  const restored = useRef(unsaved.read(orderKey) !== null);
  useEffect(() => {
    if (!restored.current || !editable) return;
    restored.current = false;
    const values = form.getValues();
    if (OrderFormFields.safeParse(values).success) saver.schedule(values);
  }, [form, saver.schedule, editable]);

  // Every change goes to the server as a draft, which prices it; malformed counts wait.
  useEffect(() => {
    if (!editable) return;
    const subscription = form.watch((values, { name }) => {
      if (!name) return;
      if (OrderFormFields.safeParse(values).success) saver.schedule(values as FormValues);
      else saver.hold();
    });
    return () => subscription.unsubscribe();
  }, [form, saver.schedule, saver.hold, editable]);

  const shape = useFormDerived(form, formShape);

  // "No Payment Required" agrees to the terms by itself (spec §4), and takes it back when changed.
  const autoAgreed = useRef(false);
  useEffect(() => {
    if (shape.payment_method === '0' && !shape.agreed) {
      autoAgreed.current = true;
      form.setValue('agreed', true, { shouldValidate: form.formState.isSubmitted });
    } else if (shape.payment_method !== '0' && autoAgreed.current) {
      autoAgreed.current = false;
      form.setValue('agreed', false);
    }
  }, [shape.payment_method, shape.agreed, form]);

  const { submit, submitting } = useSubmit(
    form,
    async (values) => {
      const button = pressed.current;
      const answer = await saver.exclusive(
        () =>
          saveOrder(
            { ...values, order_key: orderKey, draft: button === 'later' ? 1 : 0, status: STATUS_FOR[button] },
            { silent: false },
          ),
        (a) => a,
      );
      form.reset(values);
      toastSuccess(answer.message);
      if (answer.type === 'external' && answer.redirect) window.location.assign(answer.redirect);
      else if (answer.redirect) navigate(answer.redirect);
    },
    {
      serverFields: FIELDS,
      onInvalid: () => {
        toastError(MSG.fillRequiredFields);
        showFirstProblem();
      },
      onServerErrors: showFirstProblem,
    },
  );

  const press = (button: FormButton) => (event: MouseEvent) => {
    if (submitting) return;
    if (button === 'finalize' && shape.payment_method === '3') {
      // Spec §4: with "just placing reservation" Finalize only says so.
      form.setError('payment_method', { type: 'rule', message: MSG.changePaymentToFinalize });
      toastError(MSG.changePaymentToFinalize);
      showFirstProblem();
      return;
    }
    pressed.current = button;
    setPressedButton(button);
    completing.current = button !== 'later';
    void submit(event);
  };

  return { form, shape, pricing, saver, submitting, pressedButton, press };
}
