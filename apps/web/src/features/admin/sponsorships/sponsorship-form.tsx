import '../../../styles/mantine-forms.css';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  CreateAdminSponsorshipBody,
  MAX_SPONSORSHIP_ITEMS,
  type TCreateAdminSponsorshipBody,
  type TSponsorshipItemInput,
} from '@portal/contracts/admin-sponsorships';
import { formatMoney } from '@portal/contracts/money';
import { amountToCents, sponsorshipYears } from '@portal/contracts/sponsorships';
import { useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { useStates } from '../../../lib/use-states.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { FormLeaveWarning } from '../lib/leave-warning.tsx';
import { useSponsorChoices } from './api.ts';
import { schoolYear, TEXT } from './texts.ts';

type Values = z.output<typeof CreateAdminSponsorshipBody>;

export const emptyItem = (): TSponsorshipItemInput => ({
  sponsorship_type: '',
  county: '',
  book_name: '',
  school_name: '',
  adv_size: '',
  qty: '1',
  rate: '',
  artwork: '',
  comments: '',
  artwork_price: '',
});

const cents = (v: unknown) => (typeof v === 'string' && v.trim() ? (amountToCents(v) ?? 0) : 0);

/** What the items come to as typed (a preview: the server prices them again when they are saved). */
function estimate(items: TSponsorshipItemInput[] | undefined): number {
  return (items ?? []).reduce((sum, i) => {
    const qty = Number(i.qty);
    return sum + (Number.isInteger(qty) && qty > 0 ? qty : 0) * cents(i.rate) + cents(i.artwork_price);
  }, 0);
}

/** A search over the sponsors the staff member may see. */
function SponsorSelect({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const chosen = useSponsorChoices('', value ? Number(value) : undefined);
  const found = useSponsorChoices(q);
  const data = useMemo(() => {
    const all = new Map<string, string>();
    for (const s of [...(chosen.data ?? []), ...(found.data ?? [])]) {
      all.set(String(s.user_id), `${s.company || s.email} (${s.email})`);
    }
    return [...all].map(([v, label]) => ({ value: v, label }));
  }, [chosen.data, found.data]);
  return (
    <Select
      label={TEXT.sponsorLabel}
      placeholder={TEXT.sponsorPlaceholder}
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      searchable
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage="No sponsor found"
      required
      error={error}
      disabled={disabled}
    />
  );
}

/**
 * A sponsorship's sponsor, year and items (add and remove rows); used to create one and to
 * change its items while nothing is paid (`lockSponsor`).
 */
export function SponsorshipForm({
  defaults,
  lockSponsor = false,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  defaults: TCreateAdminSponsorshipBody;
  lockSponsor?: boolean;
  submitLabel: string;
  onSubmit: (values: Values) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm<TCreateAdminSponsorshipBody, unknown, Values>({
    ...FORM_MODE,
    resolver: zodResolver(CreateAdminSponsorshipBody),
    defaultValues: defaults,
  });
  const rows = useFieldArray({ control: form.control, name: 'items' });
  const items = useWatch({ control: form.control, name: 'items' });
  const states = useStates();
  const counties = useMemo(() => {
    const names = new Set<string>();
    for (const list of Object.values(states.data?.counties ?? {})) for (const c of list) names.add(c);
    return [...names].sort((a, b) => a.localeCompare(b));
  }, [states.data]);
  const field = (name: Parameters<typeof fieldProps<TCreateAdminSponsorshipBody>>[1]) => fieldProps(form, name);
  const { submit, submitting } = useSubmit(form, onSubmit, {
    serverFields: [
      'sponsor_id',
      'year',
      'items',
      ...rows.fields.flatMap((_, i) => Object.keys(emptyItem()).map((k) => `items.${i}.${k}`)),
    ],
  });
  const itemsError = (form.formState.errors.items as { message?: string } | undefined)?.message;

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <FormLeaveWarning form={form} />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="sponsor_id"
            render={({ field: f, fieldState }) => (
              <SponsorSelect
                value={f.value ? String(f.value) : ''}
                onChange={(v) => f.onChange(v)}
                error={fieldState.error?.message}
                disabled={lockSponsor}
              />
            )}
          />
          <Controller
            control={form.control}
            name="year"
            render={({ field: f, fieldState }) => (
              <Select
                label={TEXT.yearLabel}
                data={sponsorshipYears(new Date(new Date().getFullYear() + 1, 0, 1)).map((y) => ({
                  value: String(y),
                  label: schoolYear(y),
                }))}
                value={f.value ? String(f.value) : null}
                onChange={(v) => f.onChange(v ?? '')}
                error={fieldState.error?.message}
                required
                disabled={lockSponsor}
              />
            )}
          />
        </SimpleGrid>

        <Title order={2} size="h4">
          {TEXT.itemsTitle}
        </Title>
        {itemsError && (
          <Text c="red" size="sm" role="alert">
            {itemsError}
          </Text>
        )}
        {rows.fields.map((row, i) => (
          <Paper key={row.id} withBorder radius="md" p="md" role="group" aria-label={TEXT.itemTitle(i + 1)}>
            <Group justify="space-between" mb="xs">
              <Text fw={600}>{TEXT.itemTitle(i + 1)}</Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={TEXT.removeItem(i + 1)}
                disabled={rows.fields.length === 1}
                onClick={() => rows.remove(i)}
              >
                ×
              </ActionIcon>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              <TextInput label={TEXT.type} required {...field(`items.${i}.sponsorship_type`)} />
              <Controller
                control={form.control}
                name={`items.${i}.county`}
                render={({ field: f, fieldState }) => (
                  <Select
                    label={TEXT.county}
                    data={counties}
                    value={f.value || null}
                    onChange={(v) => f.onChange(v ?? '')}
                    searchable
                    clearable
                    limit={50}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <TextInput label={TEXT.bookName} {...field(`items.${i}.book_name`)} />
              <TextInput label={TEXT.schoolName} {...field(`items.${i}.school_name`)} />
              <TextInput label={TEXT.adSize} {...field(`items.${i}.adv_size`)} />
              <TextInput label={TEXT.qty} inputMode="numeric" required {...field(`items.${i}.qty`)} />
              <TextInput
                label={TEXT.rate}
                inputMode="decimal"
                placeholder="0.00"
                required
                {...field(`items.${i}.rate`)}
              />
              <TextInput label={TEXT.artwork} {...field(`items.${i}.artwork`)} />
              <TextInput
                label={TEXT.artworkPrice}
                inputMode="decimal"
                placeholder="0.00"
                {...field(`items.${i}.artwork_price`)}
              />
            </SimpleGrid>
            <Textarea label={TEXT.comments} autosize minRows={1} mt="sm" {...field(`items.${i}.comments`)} />
          </Paper>
        ))}
        <Group justify="space-between" wrap="wrap">
          <Button
            variant="default"
            onClick={() => rows.append(emptyItem())}
            disabled={rows.fields.length >= MAX_SPONSORSHIP_ITEMS}
          >
            {TEXT.addItem}
          </Button>
          <Text fw={600} aria-live="polite">
            {TEXT.estimate}: {formatMoney(estimate(items))}
          </Text>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {TEXT.cancel}
          </Button>
          <SubmitButton form={form} submitting={submitting}>
            {submitLabel}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
