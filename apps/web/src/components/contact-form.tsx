import '../styles/mantine-forms.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput, ThemeIcon, Title } from '@mantine/core';
import { MSG } from '@portal/contracts/messages';
import { ContactFields, SponsorRequestFields, type TContactFields } from '@portal/contracts/profiles';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FORM_MODE, fieldProps } from '../lib/form.ts';
import { stateOptions, useStates, withPlaceholder } from '../lib/use-states.ts';
import { newSubmissionKey, useSubmit } from '../lib/use-submit.ts';
import { PhoneInput } from './phone-input.tsx';
import { SubmitButton } from './submit-button.tsx';

export type ContactVariant = 'sponsor' | 'contact';
type ContactFieldValues = z.output<typeof ContactFields>;
/** What the form sends: its fields and the key that makes a doubled send one request. */
export type ContactValues = ContactFieldValues & { idempotency_key: string };

const FIELDS = ['fullname', 'email', 'phone', 'state', 'city', 'company', 'message'] as const;

/**
 * The message box is labeled after what the visitor is writing (spec §4: 'Your ' plus the
 * chosen topic, or 'Your Message'). The topic is not a field of the call, so it travels as
 * the first line of the message, where staff read it.
 */
const TOPICS = ['Question', 'Request', 'Comment', 'Feedback'] as const;

const withTopic = (topic: string, message: string) => (topic ? `${topic}: ${message}` : message);

interface ContactFormProps {
  /** The sponsor request asks for a business name; the public page for a company or school name. */
  variant: ContactVariant;
  /** Resolves once the message is stored; rejects when it was not (the caller shows why). */
  onSubmit: (values: ContactValues) => Promise<unknown>;
}

/** The contact form shared by /sponsor/register and /contact (spec §3, §5). */
export function ContactForm({ variant, onSubmit }: ContactFormProps) {
  const schema = variant === 'sponsor' ? SponsorRequestFields : ContactFields;
  const form = useForm<TContactFields, unknown, ContactFieldValues>({
    ...FORM_MODE,
    resolver: zodResolver(schema),
    defaultValues: { fullname: '', email: '', phone: '', state: '', city: '', company: '', message: '' },
  });
  const [topic, setTopic] = useState('');
  const states = useStates();

  // One key for this form's submission, however often it is sent.
  const [idempotencyKey] = useState(newSubmissionKey);
  const { submit, submitting } = useSubmit(
    form,
    (values) => onSubmit({ ...values, message: withTopic(topic, values.message), idempotency_key: idempotencyKey }),
    { serverFields: FIELDS },
  );

  return (
    <form onSubmit={submit} noValidate aria-label={variant === 'sponsor' ? 'Sponsor request' : 'Contact'}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Full name" autoComplete="name" required {...fieldProps(form, 'fullname')} />
          <TextInput label="Email" type="email" autoComplete="email" required {...fieldProps(form, 'email')} />
          <PhoneInput required control={form.control} name="phone" />
          <TextInput
            label={variant === 'sponsor' ? 'Business name' : 'Company or School name'}
            autoComplete="organization"
            required
            {...fieldProps(form, 'company')}
          />
          <Controller
            control={form.control}
            name="state"
            render={({ field, fieldState }) => (
              <NativeSelect
                {...field}
                label="State"
                required
                autoComplete="address-level1"
                data={withPlaceholder(
                  states.isPending ? 'Loading states…' : 'Select a state',
                  stateOptions(states.data),
                )}
                error={fieldState.error?.message}
              />
            )}
          />
          <TextInput label="City" autoComplete="address-level2" required {...fieldProps(form, 'city')} />
        </SimpleGrid>
        <NativeSelect
          label="Topic (optional)"
          value={topic}
          onChange={(event) => setTopic(event.currentTarget.value)}
          data={withPlaceholder(
            'Choose a topic',
            TOPICS.map((t) => ({ value: t, label: t })),
          )}
        />
        <Textarea
          label={`Your ${topic || 'Message'}`}
          required
          autosize
          minRows={4}
          maxRows={12}
          {...fieldProps(form, 'message')}
        />
        <SubmitButton
          size="md"
          disabled={!form.formState.isValid}
          submitting={submitting}
          style={{ alignSelf: 'flex-start' }}
        >
          Send message
        </SubmitButton>
      </Stack>
    </form>
  );
}

/** What replaces the form once it was sent (spec §2, D6 wording). */
export function ContactThankYou() {
  return (
    <Stack align="center" ta="center" gap="sm" py="xl" role="status">
      <ThemeIcon size={64} radius="xl" variant="light" color="teal" aria-hidden>
        <IconMailCheck size={36} aria-hidden />
      </ThemeIcon>
      <Title order={2}>{MSG.thankYouInterest}</Title>
      <Text size="lg" c="gray.7">
        {MSG.thankYouContact}
      </Text>
    </Stack>
  );
}
