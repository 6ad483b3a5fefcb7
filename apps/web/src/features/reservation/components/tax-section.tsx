import { Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import { MSG } from '@portal/contracts/messages';
import type { TTaxCertificate } from '@portal/contracts/orders';
import { useState } from 'react';
import { FileUploadField, type ListedFile } from './file-upload-field.tsx';
import { Choices, Section, type SectionProps } from './form-section.tsx';

/** Whether the school is tax exempt, with its certificate, kept with the school for its next orders. */
export function TaxSection({
  form,
  shape,
  orderKey,
  editable,
  hasTax,
  savedCertificate,
}: Omit<SectionProps, 'price'> & { hasTax: boolean; savedCertificate: TTaxCertificate | null }) {
  const [certificate, setCertificate] = useState<ListedFile[]>(savedCertificate ? [savedCertificate] : []);
  const [certificateExpiry, setCertificateExpiry] = useState('');
  return (
    <Section title="Tax" id="tax">
      <Choices
        control={form.control}
        name="tax"
        label="Is your school tax exempt?"
        options={[
          { value: '1', label: 'Yes' },
          { value: '0', label: 'No' },
        ]}
        required={shape.plannersOrdered}
      />
      {shape.tax === '0' && !hasTax && (
        <Text size="sm" c="gray.7">
          Sales tax will be added to your order later by our team.
        </Text>
      )}
      {shape.tax === '1' && (
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
  );
}
