import '../../../styles/mantine-forms.css';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { MSG } from '@portal/contracts/messages';
import { formatDecimalDollars } from '@portal/contracts/money';
import {
  COVER_OPTIONS,
  CompleteOrderFields,
  DELIVERY_OPTIONS,
  MAGNET_PACKS,
  OrderFormFields,
  PAYMENT_OPTIONS,
  plannerCount,
  TAG_COLORS,
  TAG_STYLES,
  TAG_TYPES,
  type TTempOrderResponse,
  type TUpdateTempOrderResponse,
} from '@portal/contracts/orders';
import { IconCircleCheck } from '@tabler/icons-react';
import { type FocusEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Controller, type Path, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FreeTermsModal } from '../../../components/free-terms-modal.tsx';
import { fieldProps, useFormDerived } from '../../../lib/form.ts';
import { toastError, toastSuccess } from '../../../lib/toast.tsx';
import { withPlaceholder } from '../../../lib/use-states.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { saveOrder } from '../api/reservation-calls.ts';
import { type SaveState, useDraftSaver } from '../lib/use-draft-saver.ts';
import { CountInput } from './count-input.tsx';
import { FileUploadField, type ListedFile } from './file-upload-field.tsx';
import { PriceSummary, type Pricing } from './price-summary.tsx';
import classes from './reservation.module.css';
import { TermsModal } from './terms-modal.tsx';

const FIELDS = Object.keys(OrderFormFields.shape) as (keyof typeof OrderFormFields.shape)[];
const TICKS = new Set(['sr_inst_req', 'agreed', 'free_tnc_accepted']);

/** The form's values as its inputs hold them: text for boxes and choices, true/false for ticks. */
export type FormValues = {
  [K in keyof typeof OrderFormFields.shape]: K extends 'sr_inst_req' | 'agreed' | 'free_tnc_accepted'
    ? boolean
    : string;
};

function toFormValues(saved: Record<string, unknown>): FormValues {
  return Object.fromEntries(
    FIELDS.map((f) => {
      const v = saved[f];
      if (TICKS.has(f)) return [f, v === true || v === 1 || v === '1'];
      return [f, v === null || v === undefined ? '' : String(v)];
    }),
  ) as FormValues;
}

/**
 * The form's latest values until the server has them, so that a school whose session
 * expired while filling it in finds its answers again after signing back in.
 */
const unsaved = {
  slot: (orderKey: string) => `order-form:${orderKey}`,
  keep(orderKey: string, values: FormValues) {
    try {
      sessionStorage.setItem(this.slot(orderKey), JSON.stringify(values));
    } catch {
      // Storage full or refused: the draft itself still goes to the server.
    }
  },
  read(orderKey: string): FormValues | null {
    try {
      const stored = sessionStorage.getItem(this.slot(orderKey));
      return stored ? { ...toFormValues({}), ...(JSON.parse(stored) as Partial<FormValues>) } : null;
    } catch {
      return null;
    }
  },
  clear(orderKey: string) {
    sessionStorage.removeItem(this.slot(orderKey));
  },
};

/** A draft is checked for formats only; a completing button checks every rule (spec §5). */
const draftResolver = zodResolver(OrderFormFields) as unknown as Resolver<FormValues>;
const completeResolver = zodResolver(CompleteOrderFields) as unknown as Resolver<FormValues>;

type FormButton = 'later' | 'complete' | 'finalize';
const STATUS_FOR: Record<FormButton, 'Pending' | 'Reserved' | 'Order Placed'> = {
  later: 'Pending',
  complete: 'Reserved',
  finalize: 'Order Placed',
};

/** Brings the first field with a message into view, and into focus. */
function showFirstProblem() {
  requestAnimationFrame(() => {
    const first = document.querySelector<HTMLElement>('form [aria-invalid="true"], form [data-invalid="true"]');
    if (!first) return;
    first.scrollIntoView({ block: 'center', behavior: 'smooth' });
    const focusable = first.matches('input, textarea, select, button')
      ? first
      : first.querySelector<HTMLElement>('input, textarea, select, button');
    focusable?.focus({ preventScroll: true });
  });
}

const time = (d: Date) => d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

function saveStatus(state: SaveState, keepsDrafts: boolean): string {
  switch (state.phase) {
    case 'waiting':
    case 'saving':
      return keepsDrafts ? 'Saving…' : 'Updating prices…';
    case 'saved':
      return keepsDrafts
        ? `All changes saved at ${time(state.at)}`
        : `Prices updated at ${time(state.at)}. Press Save Updates to keep your changes.`;
    case 'invalid':
      return 'Not saved: please correct the highlighted fields.';
    case 'failed':
      return `Not saved: ${state.message}`;
    default:
      return keepsDrafts ? 'Changes are saved as you go.' : '';
  }
}

interface Choice {
  value: string;
  label: string;
  description?: ReactNode;
}

interface OrderFormProps {
  data: TTempOrderResponse;
}

const PLANNER_COUNTS = OrderFormFields.pick({
  noprimary_planners: true,
  nostandard_planners: true,
  no8511_planners: true,
  no69_planners: true,
});
const NO_PLANNERS = { noprimary_planners: null, nostandard_planners: null, no8511_planners: null, no69_planners: null };

const plannersOf = (values: FormValues) => plannerCount(PLANNER_COUNTS.safeParse(values).data ?? NO_PLANNERS);
const plannerTotal = (values: FormValues) => ({ planners: plannersOf(values) });

/** The count of planners ordered: it alone follows each key typed into the planner counts. */
function PlannersInAll({ form }: { form: UseFormReturn<FormValues> }) {
  const { planners } = useFormDerived(form, plannerTotal);
  return (
    <Text size="sm" c="gray.7">
      {planners.toLocaleString('en-US')} planners in all. The sections below are now required.
    </Text>
  );
}

/**
 * The values the form's sections, buttons and notes depend on: the form re-renders when one
 * changes, and only then. A section that shows, hides or changes with another field reads
 * that field from here, and the field must be added here: read from the form instead, it
 * would not follow the field's changes.
 */
function formShape(values: FormValues) {
  return {
    plannersOrdered: plannersOf(values) > 0,
    payment_method: values.payment_method,
    agreed: values.agreed,
    free_tnc_accepted: values.free_tnc_accepted,
    tax: values.tax,
    cust_pages: values.cust_pages,
    vinyl_pockets: values.vinyl_pockets,
    cover_optn: values.cover_optn,
    sr_inst_req: values.sr_inst_req,
    ss_car_mag_add: values.ss_car_mag_add,
    nocar_dismissal: values.nocar_dismissal,
    style_of_tag: values.style_of_tag,
    style_of_tag_color: values.style_of_tag_color,
    type_of_tag: values.type_of_tag,
    nohomework_folders: values.nohomework_folders,
  };
}

/**
 * The School Supply Reservation Form (spec §2–§5): every section, priced by the server as
 * it is filled in, with the buttons that reserve, save updates or finalize the order.
 */
export function OrderForm({ data }: OrderFormProps) {
  const navigate = useNavigate();
  const orderKey = data.order.order_key;
  const status = data.order.order_status;
  const editable = data.order.editable;
  const keepsDrafts = status === 'Pending';
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
  const field = (name: Path<FormValues>) => fieldProps(form, name);

  const [pricing, setPricing] = useState<Pricing>({
    custom_price: data.order.custom_price,
    total_amount_html: data.order.total_amount_html,
    has_tax: data.order.has_tax,
  });
  const [files, setFiles] = useState<Record<string, ListedFile[]>>(data.files);
  const setFilesOf = (type: string) => (list: ListedFile[]) => setFiles((all) => ({ ...all, [type]: list }));
  const savedCertificate = data.tax_certificate;
  const [certificate, setCertificate] = useState<ListedFile[]>(savedCertificate ? [savedCertificate] : []);
  const [certificateExpiry, setCertificateExpiry] = useState('');

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

  const v = useFormDerived(form, formShape);
  const plannersOrdered = v.plannersOrdered;

  // "No Payment Required" agrees to the terms by itself (spec §4), and takes it back when changed.
  const autoAgreed = useRef(false);
  useEffect(() => {
    if (v.payment_method === '0' && !v.agreed) {
      autoAgreed.current = true;
      form.setValue('agreed', true, { shouldValidate: form.formState.isSubmitted });
    } else if (v.payment_method !== '0' && autoAgreed.current) {
      autoAgreed.current = false;
      form.setValue('agreed', false);
    }
  }, [v.payment_method, v.agreed, form]);

  // The free-products terms open from the free items and the magnets until accepted.
  const [freeTermsOpen, setFreeTermsOpen] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const quietUntil = useRef(0);
  const accepted = v.free_tnc_accepted || data.order.free_tnc_accepted;
  const offerFreeTerms = useCallback(() => {
    if (!accepted && Date.now() > quietUntil.current) setFreeTermsOpen(true);
  }, [accepted]);
  const closeFreeTerms = () => {
    setFreeTermsOpen(false);
    // Focus comes back to the field that opened it: that is not a new request.
    quietUntil.current = Date.now() + 600;
  };

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

  const press = (button: FormButton) => (event: React.MouseEvent) => {
    if (submitting) return;
    if (button === 'finalize' && v.payment_method === '3') {
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

  const paymentType = v.payment_method;
  const showSaveForLater = status === 'Pending';
  const showComplete = ['', '0', '3', '4'].includes(paymentType);
  const taxNote =
    v.tax === '1'
      ? 'Your school is tax exempt: no sales tax is added.'
      : pricing.has_tax
        ? null
        : 'Sales tax, where it applies, will be added to your order later by our team.';

  const choices = (
    name: Path<FormValues>,
    label: string,
    options: Choice[],
    extra: { required?: boolean; onPick?: (value: string) => void; description?: ReactNode } = {},
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: radio, fieldState }) => (
        <Box data-invalid={fieldState.error ? 'true' : undefined}>
          <Radio.Group
            label={label}
            description={extra.description}
            required={extra.required}
            value={typeof radio.value === 'string' && radio.value !== '' ? radio.value : null}
            onChange={(value) => {
              radio.onChange(value);
              extra.onPick?.(value);
            }}
            error={fieldState.error?.message}
            name={radio.name}
          >
            <Stack gap={10} mt={8}>
              {options.map((o, i) => (
                <Radio
                  key={o.value}
                  value={o.value}
                  label={o.label}
                  description={o.description}
                  onBlur={radio.onBlur}
                  ref={i === 0 ? radio.ref : undefined}
                />
              ))}
            </Stack>
          </Radio.Group>
        </Box>
      )}
    />
  );

  const costs = data.costs;
  const price = (key: string) => formatDecimalDollars(costs[key] || 'TBA');
  const yesNo: Choice[] = [
    { value: '1', label: 'Yes' },
    { value: '2', label: 'No' },
  ];
  const freeFocus = { onFocus: (_: FocusEvent) => offerFreeTerms() };

  return (
    <div className={classes.layout}>
      <form
        onSubmit={(event) => event.preventDefault()}
        noValidate
        aria-label="School Supply Reservation Form"
        className={classes.formColumn}
      >
        <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="lg">
            <Section title="School year" id="school-year">
              <Controller
                control={form.control}
                name="school_year"
                render={({ field: select, fieldState }) => (
                  <Box data-invalid={fieldState.error ? 'true' : undefined} maw={{ sm: 320 }}>
                    {/* A native list: two choices, the phone's own picker, and no dropdown to place. */}
                    <NativeSelect
                      {...select}
                      label="School year"
                      required
                      data={withPlaceholder(
                        'Choose the school year',
                        data.rangeyear.map((year) => ({ value: year, label: year })),
                      )}
                      value={select.value ?? ''}
                      error={fieldState.error?.message}
                    />
                  </Box>
                )}
              />
            </Section>

            <Section
              title="Planners"
              id="planners"
              description={`Each planner is ${price('plannerPrice')}. Enter how many of each kind you need.`}
            >
              <Box className={classes.grid2}>
                <CountInput label="Primary planners" {...field('noprimary_planners')} />
                <CountInput label="Standard planners" {...field('nostandard_planners')} />
                <CountInput label="8.5 x 11 planners" {...field('no8511_planners')} />
                <CountInput label="6 x 9 planners" {...field('no69_planners')} />
              </Box>
              {plannersOrdered && <PlannersInAll form={form} />}
            </Section>

            <Section title="Custom pages" id="custom-pages">
              {choices('cust_pages', 'Add custom pages to your planners?', yesNo, {
                required: plannersOrdered,
                description: `${price('custPagePrice')} per printed side, per planner.`,
              })}
              {v.cust_pages === '1' && (
                <>
                  <CountInput label="Number of custom pages (printed sides)" required {...field('nocust_pages')} />
                  <FileUploadField
                    label="Custom pages artwork"
                    description="You can also send it later; we will not print until you approve a proof."
                    orderKey={orderKey}
                    fileType="custom_pages"
                    files={files.custom_pages ?? []}
                    onChange={setFilesOf('custom_pages')}
                    disabled={!editable}
                  />
                </>
              )}
            </Section>

            <Section title="Vinyl pockets" id="vinyl-pockets">
              {choices('vinyl_pockets', 'Add vinyl pockets?', yesNo, {
                required: plannersOrdered,
                description: `${price('vinylPrice')} per pocket, per planner.`,
              })}
              {v.vinyl_pockets === '1' && (
                <CountInput label="Number of vinyl pockets per planner" required {...field('novinyl_pockets')} />
              )}
            </Section>

            <Section title="Cover" id="cover">
              {choices(
                'cover_optn',
                'Cover option',
                Object.entries(COVER_OPTIONS).map(([value, label]) => ({
                  value,
                  label,
                  description: `${price(`coverPrice_${value}`)} per planner`,
                })),
                { required: plannersOrdered },
              )}
              {v.cover_optn === '2' && (
                <TextInput
                  label="School name as it should appear on the cover"
                  required
                  maxLength={200}
                  {...field('cover_optn_school_name')}
                />
              )}
              {v.cover_optn === '3' && (
                <FileUploadField
                  label="Cover artwork"
                  orderKey={orderKey}
                  fileType="cover_optn"
                  files={files.cover_optn ?? []}
                  onChange={setFilesOf('cover_optn')}
                  disabled={!editable}
                />
              )}
            </Section>

            <Section title="Delivery" id="delivery">
              {choices(
                'delivery_optn',
                'How should we deliver?',
                [
                  { value: '1', label: DELIVERY_OPTIONS[1], description: `${price('deliveryPrice_1')} per order` },
                  { value: '2', label: DELIVERY_OPTIONS[2], description: `${price('deliveryPrice_2')} per planner` },
                  { value: '3', label: DELIVERY_OPTIONS[3], description: 'Price to be confirmed (TBA)' },
                ],
                { required: plannersOrdered },
              )}
            </Section>

            <Section title="Special request" id="special-request">
              <Checkbox label="I have a special request" {...form.register('sr_inst_req')} checked={v.sr_inst_req} />
              {v.sr_inst_req && (
                <Textarea
                  label="Tell us about your request"
                  required
                  autosize
                  minRows={3}
                  maxLength={1000}
                  {...field('sr_inst')}
                />
              )}
            </Section>

            <Section title="Car magnets" id="car-magnets">
              {choices('ss_car_mag_add', 'Add car magnets?', yesNo, {
                required: plannersOrdered,
                onPick: (value) => {
                  if (value === '1') offerFreeTerms();
                },
              })}
              {v.ss_car_mag_add === '1' && (
                <>
                  {choices(
                    'ss_car_mag',
                    'How many car magnets?',
                    MAGNET_PACKS.map((n) => ({
                      value: String(n),
                      label: `${n.toLocaleString('en-US')} magnets`,
                      description: price(`carMagnetPrice_${n}`),
                    })),
                    { required: true },
                  )}
                  <FileUploadField
                    label="Car magnet artwork"
                    orderKey={orderKey}
                    fileType="fss_car_mag"
                    files={files.fss_car_mag ?? []}
                    onChange={setFilesOf('fss_car_mag')}
                    disabled={!editable}
                  />
                </>
              )}
            </Section>

            <Section title="Tax" id="tax">
              {choices(
                'tax',
                'Is your school tax exempt?',
                [
                  { value: '1', label: 'Yes' },
                  { value: '0', label: 'No' },
                ],
                { required: plannersOrdered },
              )}
              {v.tax === '0' && !pricing.has_tax && (
                <Text size="sm" c="gray.7">
                  Sales tax will be added to your order later by our team.
                </Text>
              )}
              {v.tax === '1' && (
                <Stack gap="xs">
                  {savedCertificate && certificate[0]?.file_path_raw === savedCertificate.file_path_raw && (
                    <Group gap="xs">
                      <Text size="sm">
                        Certificate on file
                        {savedCertificate.expires_on ? `, valid until ${savedCertificate.expires_on}` : ''}.
                      </Text>
                      {savedCertificate.expired && (
                        <Badge color="red" variant="light">
                          Expired: please upload a current one
                        </Badge>
                      )}
                    </Group>
                  )}
                  <TextInput
                    type="date"
                    label="Certificate expiry date"
                    value={certificateExpiry}
                    onChange={(event) => setCertificateExpiry(event.currentTarget.value)}
                    maw={{ sm: 260 }}
                  />
                  <FileUploadField
                    label="Tax exemption certificate"
                    description="Kept with your school's details and offered again on your next orders."
                    orderKey={orderKey}
                    fileType="tax_certificate"
                    files={certificate}
                    onChange={setCertificate}
                    single
                    disabled={!editable}
                    extraFields={() => (certificateExpiry ? { expires_on: certificateExpiry } : MSG.expiryRequired)}
                  />
                </Stack>
              )}
            </Section>

            <Section
              title="Free products"
              id="free-products"
              description="Paid for by local sponsors. Free products are available to schools that agree to their terms."
            >
              <Group gap="xs">
                {accepted ? (
                  <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={14} aria-hidden />}>
                    Free products terms accepted
                  </Badge>
                ) : (
                  <Button variant="light" size="xs" onClick={() => setFreeTermsOpen(true)}>
                    Read and accept the free products terms
                  </Button>
                )}
              </Group>
              <CountInput
                label="Car rider dismissal tags"
                description="In multiples of 50"
                {...field('nocar_dismissal')}
                {...freeFocus}
              />
              {Number(v.nocar_dismissal) > 0 && (
                <Stack gap="sm">
                  {choices(
                    'style_of_tag',
                    'Style of tag',
                    TAG_STYLES.map((s) => ({ value: s, label: s })),
                    {
                      required: true,
                      onPick: (style) => {
                        if (style === 'Happy Car') {
                          form.setValue('type_of_tag', '');
                          form.setValue('type_of_tag_inst', '');
                        } else {
                          form.setValue('style_of_tag_color', '');
                          form.setValue('style_of_tag_inst', '');
                        }
                      },
                    },
                  )}
                  {v.style_of_tag === 'Happy Car' &&
                    choices(
                      'style_of_tag_color',
                      'Color',
                      TAG_COLORS.map((c) => ({ value: c, label: c })),
                      { required: true },
                    )}
                  {v.style_of_tag === 'Happy Car' && v.style_of_tag_color === 'Special Request' && (
                    <Textarea
                      label="Describe the color you would like"
                      required
                      autosize
                      minRows={2}
                      maxLength={1000}
                      {...field('style_of_tag_inst')}
                    />
                  )}
                  {v.style_of_tag === 'Vertical Hangers' &&
                    choices(
                      'type_of_tag',
                      'Type of tag',
                      TAG_TYPES.map((c) => ({ value: c, label: c })),
                      { required: true },
                    )}
                  {v.style_of_tag === 'Vertical Hangers' && v.type_of_tag === 'Logo and Prenumbered' && (
                    <Textarea
                      label="Numbering instructions"
                      required
                      autosize
                      minRows={2}
                      maxLength={1000}
                      {...field('type_of_tag_inst')}
                    />
                  )}
                </Stack>
              )}
              <CountInput
                label="Homework folders"
                description="In multiples of 250"
                {...field('nohomework_folders')}
                {...freeFocus}
              />
              {Number(v.nohomework_folders) > 0 && (
                <FileUploadField
                  label="Homework folder artwork"
                  orderKey={orderKey}
                  fileType="fhomework_folders"
                  files={files.fhomework_folders ?? []}
                  onChange={setFilesOf('fhomework_folders')}
                  disabled={!editable}
                />
              )}
              <Box className={classes.grid2}>
                <CountInput
                  label="Car rider tags"
                  description="In multiples of 50"
                  {...field('nocar_rider')}
                  {...freeFocus}
                />
                <CountInput
                  label="Bus rider tags"
                  description="In multiples of 50"
                  {...field('nobus_rider')}
                  {...freeFocus}
                />
                <CountInput
                  label="After school tags"
                  description="In multiples of 50"
                  {...field('noafter_school')}
                  {...freeFocus}
                />
                <CountInput
                  label="Walker/biker tags"
                  description="In multiples of 50"
                  {...field('nowalker_biker')}
                  {...freeFocus}
                />
              </Box>
            </Section>

            <Section title="Payment" id="payment">
              {choices(
                'payment_method',
                'Payment option',
                // In the spec's order (§4), which numeric keys would lose.
                ([0, 3, 4, 1, 2] as const).map((value) => ({ value: String(value), label: PAYMENT_OPTIONS[value] })),
                { required: true },
              )}
              <TextInput
                label="Purchase order number (optional)"
                maxLength={100}
                maw={{ sm: 320 }}
                {...field('purchase_order')}
              />
              <FileUploadField
                label="Purchase order document (optional)"
                orderKey={orderKey}
                fileType="po_document"
                files={files.po_document ?? []}
                onChange={setFilesOf('po_document')}
                disabled={!editable}
              />
              {v.payment_method !== '0' && (
                <Box data-invalid={form.formState.errors.agreed ? 'true' : undefined}>
                  <Checkbox
                    {...form.register('agreed')}
                    checked={v.agreed}
                    error={form.formState.errors.agreed?.message}
                    label={
                      <>
                        I agree to the{' '}
                        <Anchor
                          component="button"
                          type="button"
                          size="sm"
                          onClick={(event) => {
                            event.preventDefault();
                            setTermsOpen(true);
                          }}
                        >
                          terms and conditions
                        </Anchor>
                      </>
                    }
                  />
                </Box>
              )}
            </Section>
          </Stack>
        </fieldset>

        {editable && (
          <Stack gap="xs" mt="xl">
            <div className={classes.actions}>
              {showSaveForLater && (
                <Button variant="default" onClick={press('later')} loading={submitting && pressedButton === 'later'}>
                  Save for later
                </Button>
              )}
              {showComplete && (
                <Button onClick={press('complete')} loading={submitting && pressedButton === 'complete'}>
                  {status === 'Pending' ? 'Complete Reservation' : 'Save Updates'}
                </Button>
              )}
              <Button color="teal.9" onClick={press('finalize')} loading={submitting && pressedButton === 'finalize'}>
                Finalize Order
              </Button>
            </div>
            <Text size="xs" c="gray.7" aria-live="polite" hiddenFrom="md">
              {saveStatus(saver.state, keepsDrafts)}
            </Text>
          </Stack>
        )}
      </form>

      <PriceSummary pricing={pricing} taxNote={taxNote} status={editable ? saveStatus(saver.state, keepsDrafts) : ''} />

      <FreeTermsModal
        opened={freeTermsOpen}
        onClose={closeFreeTerms}
        onAgree={() => form.setValue('free_tnc_accepted', true, { shouldDirty: true })}
      />
      <TermsModal
        opened={termsOpen}
        onClose={() => setTermsOpen(false)}
        onAgree={() => form.setValue('agreed', true, { shouldValidate: true, shouldDirty: true })}
      />
    </div>
  );
}

function Section({
  title,
  id,
  description,
  children,
}: {
  title: string;
  id: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Box component="section" className={classes.section} aria-labelledby={`${id}-title`} id={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`${id}-title`}>
          {title}
        </Title>
        {description && (
          <Text size="sm" c="gray.7">
            {description}
          </Text>
        )}
        {children}
      </Stack>
    </Box>
  );
}
