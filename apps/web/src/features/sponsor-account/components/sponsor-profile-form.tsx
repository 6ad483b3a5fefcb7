import '../../../styles/mantine-forms.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Stack, TextInput } from '@mantine/core';
import {
  asksPasswordForNewLogin,
  LOGIN_CONFIRMATION,
  SponsorProfileFields,
  type TSponsorDetails,
} from '@portal/contracts/profiles';
import { useMemo } from 'react';
import type { z } from 'zod';
import { CheckedEmailInput } from '../../../components/checked-email-input.tsx';
import { FormSection } from '../../../components/form-section.tsx';
import { LoginEmailPassword } from '../../../components/login-email-password.tsx';
import { PhoneInput } from '../../../components/phone-input.tsx';
import { StateCountyFields } from '../../../components/state-county-fields.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useFormWithEmailCheck } from '../../../lib/email-availability.ts';
import { fieldProps } from '../../../lib/form.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { assignedRep, useSaveSponsorAccount } from '../api/sponsor-calls.ts';

/** The profile's fields, and the current password a new sign-in e-mail needs. */
const ProfileFormSchema = SponsorProfileFields.extend(LOGIN_CONFIRMATION);
type ProfileFormFields = z.input<typeof ProfileFormSchema>;
type ProfileValues = z.output<typeof ProfileFormSchema>;

const FIELDS = Object.keys(ProfileFormSchema.shape);

function toFormValues(d: TSponsorDetails): ProfileFormFields {
  return {
    business_name: d.business_name,
    phone_number: d.phone_number,
    website: d.website,
    address: d.address,
    city: d.city,
    state: d.state,
    zip: d.zip,
    county: d.county,
    primary_name: d.primary_name,
    // The primary e-mail is also the login (spec §3); before the first profile save only the login is known.
    primary_email: d.primary_email || d.user_email,
    primary_phone: d.primary_phone,
    secondary_name: d.secondary_name,
    secondary_email: d.secondary_email,
    secondary_phone: d.secondary_phone,
    current_password: '',
  };
}

/** The sponsor's profile (spec §2, §5), with the sales representative shown read-only (§6). */
export function SponsorProfileForm({
  details,
  onSaved,
}: {
  details: TSponsorDetails;
  onSaved: (message: string) => void;
}) {
  const save = useSaveSponsorAccount();
  // The sponsor's own addresses are always available to it; only a new one needs asking about.
  const own = new Set([details.user_email.toLowerCase(), details.primary_email.toLowerCase()]);
  const schema = useMemo(
    () => ProfileFormSchema.superRefine(asksPasswordForNewLogin(details.user_email)),
    [details.user_email],
  );
  const { form, availability } = useFormWithEmailCheck<ProfileFormFields, ProfileValues>({
    resolver: zodResolver(schema),
    defaultValues: toFormValues(details),
    field: 'primary_email',
    call: 'checkemailedit',
    skip: (email) => own.has(email),
  });
  const field = (name: Parameters<typeof fieldProps<ProfileFormFields>>[1]) => fieldProps(form, name);
  const email = field('primary_email');
  const rep = assignedRep(details);

  const { submit, submitting } = useSubmit(
    form,
    async (values) => {
      const data = await save.mutateAsync({ ...values, status: 1 });
      form.reset({ ...values, current_password: '' });
      onSaved(data.message);
    },
    { serverFields: FIELDS },
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Sponsor profile">
      <Stack gap={36}>
        <FormSection title="Business">
          <TextInput label="Business name" autoComplete="organization" required {...field('business_name')} />
          <PhoneInput required control={form.control} name="phone_number" />
          <TextInput label="Website" inputMode="url" placeholder="www.yourbusiness.com" {...field('website')} />
          <TextInput label="Sales representative" value={rep || 'Not assigned yet'} readOnly variant="filled" />
          <TextInput label="Address" autoComplete="street-address" required {...field('address')} />
          <TextInput label="City" autoComplete="address-level2" required {...field('city')} />
          <StateCountyFields form={form} />
          <TextInput label="Zip code" inputMode="numeric" autoComplete="postal-code" required {...field('zip')} />
        </FormSection>

        <FormSection title="Primary contact" description="Their email is the one you log in with.">
          <TextInput label="Name" autoComplete="name" required {...field('primary_name')} />
          <CheckedEmailInput {...email} availability={availability.status} />
          <LoginEmailPassword form={form} loginEmail={details.user_email} />
          <PhoneInput required control={form.control} name="primary_phone" />
        </FormSection>

        <FormSection
          title="Secondary contact"
          description="Optional: someone we can reach when the primary contact is away."
        >
          <TextInput label="Name" autoComplete="off" {...field('secondary_name')} />
          <TextInput label="Email" type="email" autoComplete="off" {...field('secondary_email')} />
          <PhoneInput control={form.control} name="secondary_phone" />
        </FormSection>

        <Group justify="flex-end">
          <SubmitButton
            size="md"
            form={form}
            disabled={!form.formState.isValid || availability.status === 'checking' || availability.status === 'taken'}
            submitting={submitting}
            w={{ base: '100%', xs: 'auto' }}
          >
            Save changes
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
