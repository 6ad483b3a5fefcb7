import { Anchor, Box, Checkbox, TextInput } from '@mantine/core';
import { PAYMENT_OPTIONS } from '@portal/contracts/orders';
import { fieldProps } from '../../../lib/form.ts';
import { FileUploadField } from './file-upload-field.tsx';
import { Choices, type FilesProps, Section, type SectionProps } from './form-section.tsx';

/** How the order is paid, the purchase order, and the terms (which "No Payment Required" agrees to by itself). */
export function PaymentSection({
  form,
  shape,
  orderKey,
  editable,
  files,
  setFilesOf,
  openTerms,
}: Omit<SectionProps, 'price'> & FilesProps & { openTerms: () => void }) {
  return (
    <Section title="Payment" id="payment">
      <Choices
        control={form.control}
        name="payment_method"
        label="Payment option"
        // In the spec's order (§4), which numeric keys would lose.
        options={([0, 3, 4, 1, 2] as const).map((value) => ({ value: String(value), label: PAYMENT_OPTIONS[value] }))}
        required
      />
      <TextInput
        label="Purchase order number (optional)"
        maxLength={100}
        maw={{ sm: 320 }}
        {...fieldProps(form, 'purchase_order')}
      />
      <FileUploadField
        label="Purchase order document (optional)"
        orderKey={orderKey}
        fileType="po_document"
        files={files.po_document ?? []}
        onChange={setFilesOf('po_document')}
        disabled={!editable}
      />
      {shape.payment_method !== '0' && (
        <Box data-invalid={form.formState.errors.agreed ? 'true' : undefined}>
          <Checkbox
            {...form.register('agreed')}
            checked={shape.agreed}
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
                    openTerms();
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
  );
}
