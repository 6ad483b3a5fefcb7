import '../../../styles/mantine-forms.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Radio, Stack, TextInput } from '@mantine/core';
import {
  asksPasswordForNewLogin,
  LOGIN_CONFIRMATION,
  SchoolFields,
  type TSchoolDetails,
} from '@portal/contracts/profiles';
import { type ReactNode, useMemo } from 'react';
import { Controller } from 'react-hook-form';
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
import { useSaveSchoolAccount } from '../api/school-calls.ts';

/** The school's fields, and the current password a new sign-in e-mail needs. */
const SchoolFormSchema = SchoolFields.extend(LOGIN_CONFIRMATION);
type SchoolFormFields = z.input<typeof SchoolFormSchema>;
type SchoolValues = z.output<typeof SchoolFormSchema>;

const FIELDS = Object.keys(SchoolFormSchema.shape);

function toFormValues(d: TSchoolDetails): SchoolFormFields {
  return {
    school_name: d.school_name,
    address: d.address,
    city: d.city,
    state: d.state,
    zip: d.zip,
    county: d.county,
    // Undecided until the school answers; a radio pair has no neutral value.
    dist_calendar: d.dist_calendar === null ? (undefined as unknown as '1') : (String(d.dist_calendar) as '0' | '1'),
    phone: d.phone,
    website: d.website,
    avg_enrollment: d.avg_enrollment === null ? '' : String(d.avg_enrollment),
    hod_name: d.hod_name,
    hod_email: d.hod_email,
    primary_name: d.primary_name,
    primary_position: d.primary_position,
    // The login e-mail is the primary contact's (spec §3).
    primary_email: d.user_email,
    primary_phone: d.primary_phone,
    primary_phone2: d.primary_phone2,
    secondary_name: d.secondary_name,
    secondary_position: d.secondary_position,
    secondary_email: d.secondary_email,
    secondary_phone: d.secondary_phone,
    secondary_phone2: d.secondary_phone2,
    current_password: '',
  };
}

interface SchoolFormProps {
  details: TSchoolDetails;
  /** First setup shows the login e-mail read-only; the profile lets the school change it. */
  mode: 'setup' | 'profile';
  submitLabel: string;
  onSaved: (message: string, values: SchoolValues) => void;
}

/** The school's details (spec §3, §5): the first-time form and the profile. */
export function SchoolForm({ details, mode, submitLabel, onSaved }: SchoolFormProps) {
  const save = useSaveSchoolAccount();
  // Only a changed address needs asking about: the school's own is always available to it.
  const ownEmail = details.user_email.toLowerCase();
  const schema = useMemo(
    () => SchoolFormSchema.superRefine(asksPasswordForNewLogin(details.user_email)),
    [details.user_email],
  );
  const { form, availability } = useFormWithEmailCheck<SchoolFormFields, SchoolValues>({
    resolver: zodResolver(schema),
    defaultValues: toFormValues(details),
    field: 'primary_email',
    call: 'checkemailedit',
    skip: (email) => mode === 'setup' || email === ownEmail,
  });
  const field = (name: Parameters<typeof fieldProps<SchoolFormFields>>[1]) => fieldProps(form, name);
  const email = field('primary_email');
  const emailBusy = availability.status === 'checking' || availability.status === 'taken';

  const { submit, submitting } = useSubmit(
    form,
    async (values) => {
      const data = await save.mutateAsync({ ...values, status: 1 });
      form.reset({ ...values, current_password: '' });
      onSaved(data.message, values);
    },
    { serverFields: FIELDS },
  );

  return (
    <form onSubmit={submit} noValidate aria-label="School details">
      <Stack gap={36}>
        <FormSection title="School">
          <TextInput label="School name" autoComplete="organization" required {...field('school_name')} />
          <PhoneInput required control={form.control} name="phone" />
          <TextInput label="Address" autoComplete="street-address" required {...field('address')} />
          <TextInput label="City" autoComplete="address-level2" required {...field('city')} />
          <StateCountyFields form={form} />
          <TextInput label="Zip code" inputMode="numeric" autoComplete="postal-code" required {...field('zip')} />
          <TextInput label="Website" inputMode="url" placeholder="www.yourschool.org" required {...field('website')} />
          <TextInput
            label="Average enrollment (optional)"
            inputMode="numeric"
            placeholder="Number of students"
            {...field('avg_enrollment')}
          />
          <Controller
            control={form.control}
            name="dist_calendar"
            render={({ field: radio, fieldState }) => (
              <Radio.Group
                label="Does your school follow the district calendar?"
                required
                value={radio.value === undefined || radio.value === null ? null : String(radio.value)}
                onChange={radio.onChange}
                error={fieldState.error?.message}
                name={radio.name}
              >
                <Group gap="xl" mt={8}>
                  <Radio value="1" label="Yes" onBlur={radio.onBlur} ref={radio.ref} />
                  <Radio value="0" label="No" onBlur={radio.onBlur} />
                </Group>
              </Radio.Group>
            )}
          />
        </FormSection>

        <FormSection title="Principal or head of school">
          <TextInput label="Name" autoComplete="off" required {...field('hod_name')} />
          <TextInput label="Email" type="email" autoComplete="off" required {...field('hod_email')} />
        </FormSection>

        <FormSection
          title="Primary contact"
          description="The person we talk to about orders. Their email is the one you log in with."
        >
          <TextInput label="Name" autoComplete="name" required {...field('primary_name')} />
          <TextInput label="Position" autoComplete="organization-title" required {...field('primary_position')} />
          {mode === 'setup' ? (
            <TextInput label="Email" type="email" value={details.user_email} readOnly variant="filled" />
          ) : (
            <CheckedEmailInput
              {...email}
              availability={availability.status}
              showAvailable={!!form.formState.dirtyFields.primary_email}
            />
          )}
          {mode === 'profile' && <LoginEmailPassword form={form} loginEmail={details.user_email} />}
          <PhoneWithExtension
            phone={<PhoneInput required control={form.control} name="primary_phone" style={{ flex: 1 }} />}
            extension={field('primary_phone2')}
          />
        </FormSection>

        <FormSection
          title="Secondary contact"
          description="Optional: someone we can reach when the primary contact is away."
        >
          <TextInput label="Name" autoComplete="off" {...field('secondary_name')} />
          <TextInput label="Position" autoComplete="off" {...field('secondary_position')} />
          <TextInput label="Email" type="email" autoComplete="off" {...field('secondary_email')} />
          <PhoneWithExtension
            phone={<PhoneInput control={form.control} name="secondary_phone" style={{ flex: 1 }} />}
            extension={field('secondary_phone2')}
          />
        </FormSection>

        <Group justify="flex-end">
          <SubmitButton
            size="md"
            form={form}
            disabled={!form.formState.isValid || (mode === 'profile' && emailBusy)}
            submitting={submitting}
            w={{ base: '100%', xs: 'auto' }}
          >
            {submitLabel}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

type InputProps = ReturnType<typeof fieldProps>;

function PhoneWithExtension({ phone, extension }: { phone: ReactNode; extension: InputProps }) {
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      {phone}
      <TextInput label="Extension" inputMode="numeric" autoComplete="off" w={104} {...extension} />
    </Group>
  );
}
