import { MSG } from '@portal/contracts/messages';
import { OrderFormFields, type TTempOrderResponse, type TUpdateTempOrderResponse } from '@portal/contracts/orders';
import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useFormDerived } from '../../../lib/form.ts';
import { goToGateway } from '../../../lib/go-to-gateway.ts';
import { toastError, toastSuccess } from '../../../lib/toast.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { readTempOrder, saveOrder } from '../api/reservation-calls.ts';
import type { Pricing } from '../components/price-summary.tsx';
import { FormChanges, type SentChanges } from './form-changes.ts';
import {
  completeResolver,
  draftResolver,
  FIELDS,
  type FieldName,
  type FormButton,
  type FormValues,
  formShape,
  STATUS_FOR,
  showFirstProblem,
  toFormValues,
  unsaved,
} from './form-values.ts';
import { type SendOptions, useDraftSaver } from './use-draft-saver.ts';

const pricingOf = (p: Pricing): Pricing => ({
  custom_price: p.custom_price,
  total_amount_html: p.total_amount_html,
  has_tax: p.has_tax,
});

interface SaveAnswer {
  answer: TUpdateTempOrderResponse;
  sent: SentChanges;
}

/**
 * The reservation form's state: its values, saved as drafts while it is filled in and
 * priced by the server, and the buttons that reserve, save updates or finalize the order.
 * Each save names the fields this window changed, and shows what another window saved in
 * the others (decision 018).
 */
export function useOrderForm(data: TTempOrderResponse) {
  const navigate = useNavigate();
  const orderKey = data.order.order_key;
  const editable = data.order.editable;
  const completing = useRef(false);
  const pressed = useRef<FormButton>('complete');
  const [pressedButton, setPressedButton] = useState<FormButton | null>(null);
  const [changedElsewhere, setChangedElsewhere] = useState(false);

  const [opened] = useState(() => {
    const server = toFormValues(data.order.custom_fields);
    const kept = unsaved.read(orderKey);
    return { values: kept ?? server, changes: new FormChanges(server, kept ?? server), restored: kept !== null };
  });
  const changes = opened.changes;

  const form = useForm<FormValues>({
    defaultValues: opened.values,
    resolver: (values, context, options) =>
      (completing.current ? completeResolver : draftResolver)(values, context, options),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });

  const [pricing, setPricing] = useState<Pricing>(() => pricingOf(data.order));

  // Values set from the server's answers are not the school's changes: they are not sent back.
  const bringingIn = useRef(false);
  /** Shows what another window saved in the fields this one has not changed; says so when there was any. */
  const bringIn = useCallback(
    (serverFields: Record<string, unknown>, sent?: SentChanges) => {
      const theirs = changes.incoming(toFormValues(serverFields), form.getValues(), sent);
      const names = Object.keys(theirs) as FieldName[];
      if (names.length === 0) return false;
      bringingIn.current = true;
      try {
        for (const name of names) form.setValue(name as Path<FormValues>, theirs[name] as never);
      } finally {
        bringingIn.current = false;
      }
      setChangedElsewhere(true);
      return true;
    },
    [changes, form],
  );

  /** Sends the form with the fields changed since the last save the server kept. */
  const send = useCallback(
    async (
      values: FormValues,
      extra: { draft: 0 | 1; status?: string },
      options: SendOptions & { silent: boolean },
    ) => {
      const sent = changes.take();
      const answer = await saveOrder(
        { ...values, ...extra, order_key: orderKey, changed: changes.names(sent) },
        { silent: options.silent, keepalive: options.keepalive },
      );
      // A Reserved order's drafts are only priced: its changes are kept until Save Updates.
      const kept = !(extra.draft === 1 && answer.order_status !== 'Pending');
      if (kept) changes.acknowledge(sent);
      return { answer, sent };
    },
    [changes, orderKey],
  );

  const saver = useDraftSaver(
    (values: FormValues, options: SendOptions) => {
      unsaved.keep(orderKey, values);
      return send(values, { draft: 1 }, { ...options, silent: true });
    },
    ({ answer, sent }: SaveAnswer) => {
      unsaved.clear(orderKey);
      setPricing(pricingOf(answer));
      bringIn(answer.custom_fields, sent);
    },
  );

  // Values kept from before the session expired go to the server as soon as the form is back.
  const restored = useRef(opened.restored);
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
      if (!name || bringingIn.current) return;
      if ((FIELDS as string[]).includes(name)) changes.note(name as FieldName);
      if (OrderFormFields.safeParse(values).success) saver.schedule(values as FormValues);
      else saver.hold();
    });
    return () => subscription.unsubscribe();
  }, [form, saver.schedule, saver.hold, editable, changes]);

  // Back in this tab, the form shows what was saved from another one meanwhile.
  useEffect(() => {
    if (!editable) return;
    let reading = false;
    const refresh = async () => {
      if (document.visibilityState !== 'visible' || reading || saver.isUnsaved()) return;
      reading = true;
      try {
        const now = await readTempOrder(orderKey);
        // A save begun meanwhile answers with newer values than these.
        if (saver.isUnsaved()) return;
        if (!bringIn(now.order.custom_fields)) return;
        if (changes.pending) saver.schedule(form.getValues());
        else setPricing(pricingOf(now.order));
      } catch {
        // Not reached: the form stays as it is, and the next save brings the order's answers.
      } finally {
        reading = false;
      }
    };
    const onVisible = () => void refresh();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [editable, orderKey, saver.isUnsaved, saver.schedule, bringIn, changes, form]);

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
      const { answer } = await saver.exclusive(
        () =>
          send(
            values,
            { draft: button === 'later' ? 1 : 0, status: STATUS_FOR[button] },
            { silent: false, keepalive: false },
          ),
        (a) => a,
      );
      // The form now shows the order as saved, with whatever another window had added.
      const saved = toFormValues(answer.custom_fields);
      bringingIn.current = true;
      try {
        form.reset(saved);
      } finally {
        bringingIn.current = false;
      }
      changes.reset(saved);
      toastSuccess(answer.message);
      if (answer.type === 'external' && answer.redirect) goToGateway(answer.redirect);
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

  return {
    form,
    shape,
    pricing,
    saver,
    submitting,
    pressedButton,
    press,
    changedElsewhere,
    dismissChangedElsewhere: () => setChangedElsewhere(false),
  };
}
