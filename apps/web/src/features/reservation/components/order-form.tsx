import '../../../styles/mantine-forms.css';
import { CloseButton, Group, Stack, Text } from '@mantine/core';
import { formatDecimalDollars } from '@portal/contracts/money';
import type { TTempOrderResponse } from '@portal/contracts/orders';
import { salesTaxNote } from '@portal/contracts/orders';
import { useCallback, useRef, useState } from 'react';
import { FreeTermsModal } from '../../../components/free-terms-modal.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useSettings } from '../../../lib/content.ts';
import { useOrderForm } from '../lib/use-order-form.ts';
import { CarMagnetsSection } from './car-magnets-section.tsx';
import { DeliverySections } from './delivery-sections.tsx';
import type { ListedFile } from './file-upload-field.tsx';
import { FormActions, saveStatus } from './form-actions.tsx';
import { FreeProductsSection } from './free-products-section.tsx';
import { PaymentSection } from './payment-section.tsx';
import { PlannerOptionsSections } from './planner-options-sections.tsx';
import { PlannersSection } from './planners-section.tsx';
import { PriceSummary } from './price-summary.tsx';
import classes from './reservation.module.css';
import { SchoolYearSection } from './school-year-section.tsx';
import { TaxSection } from './tax-section.tsx';
import { TermsModal } from './terms-modal.tsx';

/**
 * The School Supply Reservation Form (spec §2–§5): every section, priced by the server as
 * it is filled in, with the buttons that reserve, save updates or finalize the order.
 */
export function OrderForm({ data }: { data: TTempOrderResponse }) {
  const siteNote = useSettings()?.sales_tax_note;
  const orderKey = data.order.order_key;
  const status = data.order.order_status;
  const editable = data.order.editable;
  // Past its cut-off, a reservation may still be finalized as reserved: only how it is paid changes.
  const finalizeOnly = !editable && data.order.finalize_only;
  const keepsDrafts = status === 'Pending';
  const { form, shape, pricing, saver, submitting, pressedButton, press, changedElsewhere, dismissChangedElsewhere } =
    useOrderForm(data);

  const [files, setFiles] = useState<Record<string, ListedFile[]>>(data.files);
  const setFilesOf = useCallback(
    (type: string) => (list: ListedFile[]) => setFiles((all) => ({ ...all, [type]: list })),
    [],
  );

  // The free-products terms open from the free items and the magnets until accepted.
  const [freeTermsOpen, setFreeTermsOpen] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const quietUntil = useRef(0);
  const accepted = shape.free_tnc_accepted || data.order.free_tnc_accepted;
  const offerFreeTerms = useCallback(() => {
    if (!accepted && Date.now() > quietUntil.current) setFreeTermsOpen(true);
  }, [accepted]);
  const closeFreeTerms = () => {
    setFreeTermsOpen(false);
    // Focus comes back to the field that opened it: that is not a new request.
    quietUntil.current = Date.now() + 600;
  };

  const taxNote = salesTaxNote(shape.tax === '1', pricing.has_tax, siteNote);
  const price = (key: string) => formatDecimalDollars(data.costs[key] || 'TBA');
  const section = { form, shape, price, orderKey, editable };
  const withFiles = { ...section, files, setFilesOf };
  const statusText = saveStatus(saver.state, keepsDrafts);

  return (
    <div className={classes.layout}>
      <form
        onSubmit={(event) => event.preventDefault()}
        noValidate
        aria-label="School Supply Reservation Form"
        className={classes.formColumn}
      >
        {changedElsewhere && <ChangedElsewhere onDismiss={dismissChangedElsewhere} />}
        <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="lg">
            <SchoolYearSection form={form} years={data.rangeyear} />
            <PlannersSection {...section} />
            <PlannerOptionsSections {...withFiles} />
            <DeliverySections {...section} />
            <CarMagnetsSection {...withFiles} offerFreeTerms={offerFreeTerms} />
            <TaxSection {...section} hasTax={pricing.has_tax} savedCertificate={data.tax_certificate} />
            <FreeProductsSection
              {...withFiles}
              accepted={accepted}
              offerFreeTerms={offerFreeTerms}
              openFreeTerms={() => setFreeTermsOpen(true)}
            />
          </Stack>
        </fieldset>
        <fieldset disabled={!editable && !finalizeOnly} className={classes.paymentFieldset}>
          <PaymentSection {...withFiles} openTerms={() => setTermsOpen(true)} />
        </fieldset>

        {(editable || finalizeOnly) && (
          <FormActions
            finalizeOnly={finalizeOnly}
            status={status}
            paymentMethod={shape.payment_method}
            submitting={submitting}
            pressedButton={pressedButton}
            press={press}
            saveStatusText={statusText}
          />
        )}
      </form>

      <PriceSummary pricing={pricing} taxNote={taxNote} status={editable ? statusText : ''} />

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

/** Says that answers saved from another window or device are now shown, where this one had not changed them. */
function ChangedElsewhere({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div className={classes.changedElsewhere}>
      <Notice tone="success">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text size="sm">
            This order was changed in another window; its answers are shown here. Your own changes are kept.
          </Text>
          <CloseButton size="sm" aria-label="Dismiss" onClick={onDismiss} />
        </Group>
      </Notice>
    </div>
  );
}
