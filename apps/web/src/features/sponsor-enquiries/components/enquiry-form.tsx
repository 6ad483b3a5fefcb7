import '../../../styles/mantine-forms.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { EnquiryFields, type TEnquiryFields } from '@portal/contracts/enquiries';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PhoneInput } from '../../../components/phone-input.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { newSubmissionKey, useSubmit } from '../../../lib/use-submit.ts';

type EnquiryValues = z.output<typeof EnquiryFields>;

const FIELDS = ['fullname', 'email', 'phone', 'company', 'message'] as const;

interface EnquiryFormProps {
  /** The sponsor's profile: the form starts from it. */
  defaults: Omit<TEnquiryFields, 'message'>;
  /** Resolves once the enquiry is sent; rejects when it was not (the API client has said why). */
  onSubmit: (values: EnquiryValues & { idempotency_key: string }) => Promise<unknown>;
}

/** The sponsor enquiry form (spec §5): name, e-mail, phone, company and the message. */
export function EnquiryForm({ defaults, onSubmit }: EnquiryFormProps) {
  const form = useForm<TEnquiryFields, unknown, EnquiryValues>({
    ...FORM_MODE,
    resolver: zodResolver(EnquiryFields),
    defaultValues: { ...defaults, message: '' },
  });
  // One key for this form's submission, however often it is sent.
  const [idempotencyKey] = useState(newSubmissionKey);
  const { submit, submitting } = useSubmit(form, (values) => onSubmit({ ...values, idempotency_key: idempotencyKey }), {
    serverFields: FIELDS,
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Enquiry">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Your name" autoComplete="name" required {...fieldProps(form, 'fullname')} />
          <TextInput label="Email" type="email" autoComplete="email" required {...fieldProps(form, 'email')} />
          <PhoneInput required control={form.control} name="phone" />
          <TextInput label="Company name" autoComplete="organization" required {...fieldProps(form, 'company')} />
        </SimpleGrid>
        <Textarea
          label="Your message"
          description="What you would like to sponsor, for which schools, and any questions for your sales representative."
          required
          autosize
          minRows={5}
          maxRows={14}
          {...fieldProps(form, 'message')}
        />
        <SubmitButton
          size="md"
          form={form}
          disabled={!form.formState.isValid}
          submitting={submitting}
          style={{ alignSelf: 'flex-start' }}
        >
          Submit
        </SubmitButton>
      </Stack>
    </form>
  );
}
