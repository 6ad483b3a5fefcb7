import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { StaffRole, TAuditEntry } from '@portal/contracts/admin';
import {
  COST_SHEET_PRICES,
  COST_SHEET_TEXTS,
  CostSheetFields,
  type CostSheetPrice,
  centsToDollarsField,
  dollarsToCents,
  type TCostSheetFields,
  type TCostSheetResponse,
} from '@portal/contracts/admin-cost-sheets';
import { formatMoney } from '@portal/contracts/money';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { LoadingBar } from '../../../components/loading-bar.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { when } from '../lib/format.ts';
import { FormLeaveWarning } from '../lib/leave-warning.tsx';
import { backOfficePath } from '../sections.ts';
import { useCostSheet, useSaveCostSheet } from './api.ts';
import { ONLY_ADMINS, priceName, REGULAR_PRICE_NOTE, reachOf } from './texts.ts';

type Values = TCostSheetFields;
type Prices = TCostSheetResponse['prices'];

/** The form's sections, in its order, each with its prices. */
const GROUPS = [...new Set(COST_SHEET_PRICES.map((key) => COST_SHEET_TEXTS[key].group))].map((group) => ({
  group,
  keys: COST_SHEET_PRICES.filter((key) => COST_SHEET_TEXTS[key].group === group),
}));

/** Sections with one price sit side by side; those with several take a row each. */
const SINGLES = GROUPS.filter((g) => g.keys.length === 1);
const SEVERAL = GROUPS.filter((g) => g.keys.length > 1);

const fieldsOf = (prices: Prices): Values =>
  Object.fromEntries(COST_SHEET_PRICES.map((key) => [key, centsToDollarsField(prices[key])])) as Values;

/** The prices a save would change: from what, to what. */
function changesOf(prices: Prices, values: Values) {
  return COST_SHEET_PRICES.flatMap((key) => {
    const cents = dollarsToCents(String(values[key] ?? ''));
    return cents === undefined || cents === prices[key] ? [] : [{ key, from: prices[key], to: cents }];
  });
}

const moneyOrBlank = (value: unknown) => (typeof value === 'number' ? formatMoney(value) : '—');

/** One price: its name as the school's form says it, how it is charged, and the dollars. */
function PriceInput({
  name,
  form,
  readOnly,
}: {
  name: CostSheetPrice;
  form: ReturnType<typeof useForm<Values>>;
  readOnly: boolean;
}) {
  const text = COST_SHEET_TEXTS[name];
  const props = fieldProps(form, name);
  return (
    <TextInput
      label={text.label}
      description={text.charged}
      leftSection="$"
      inputMode="decimal"
      autoComplete="off"
      readOnly={readOnly}
      required={!readOnly}
      {...props}
      onBlur={(event) => {
        void props.onBlur(event);
        // A price that reads is shown back as dollars and cents: "$1,250.5" becomes "1,250.50".
        const cents = dollarsToCents(event.currentTarget.value);
        if (cents !== undefined && !form.getFieldState(name).error) {
          form.setValue(name, centsToDollarsField(cents), { shouldValidate: true });
        }
      }}
    />
  );
}

/** One section of the school's form, as a fieldset of its prices. */
function PriceGroup({
  group,
  keys,
  form,
  readOnly,
}: {
  group: string;
  keys: CostSheetPrice[];
  form: ReturnType<typeof useForm<Values>>;
  readOnly: boolean;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="fieldset" style={{ minWidth: 0 }}>
      <Title order={2} size="h4" component="legend" px={4}>
        {group}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: keys.length }} spacing="md">
        {keys.map((key) => (
          <PriceInput key={key} name={key} form={form} readOnly={readOnly} />
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function SheetForm({ sheet, mayEdit }: { sheet: TCostSheetResponse; mayEdit: boolean }) {
  const save = useSaveCostSheet(sheet.product.id);
  const form = useForm<Values>({
    ...FORM_MODE,
    resolver: zodResolver(CostSheetFields),
    defaultValues: fieldsOf(sheet.prices),
  });
  const [asked, setAsked] = useState<Values | null>(null);
  const { submit, submitting } = useSubmit(
    form,
    async (values: Values) => {
      if (changesOf(sheet.prices, values).length === 0 && sheet.exists) {
        toastSuccess('Nothing to save: every price is as it was.');
        return;
      }
      setAsked(values);
    },
    { serverFields: COST_SHEET_PRICES },
  );
  const confirm = async () => {
    if (!asked) return;
    const out = await save.mutateAsync({ ...asked, version: sheet.version }).finally(() => setAsked(null));
    toastSuccess(out.message);
  };
  const changes = asked ? changesOf(sheet.prices, asked) : [];

  return (
    <form onSubmit={submit} noValidate aria-label="Cost sheet">
      <FormLeaveWarning form={form} />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: SINGLES.length }} spacing="md">
          {SINGLES.map(({ group, keys }) => (
            <PriceGroup key={group} group={group} keys={keys} form={form} readOnly={!mayEdit} />
          ))}
        </SimpleGrid>
        {SEVERAL.map(({ group, keys }) => (
          <PriceGroup key={group} group={group} keys={keys} form={form} readOnly={!mayEdit} />
        ))}
        {mayEdit ? (
          <Group gap="sm">
            <Button type="submit" loading={submitting || save.isPending}>
              Save prices
            </Button>
            <Button variant="default" onClick={() => form.reset(fieldsOf(sheet.prices))} disabled={submitting}>
              Undo changes
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="gray.7">
            {ONLY_ADMINS}
          </Text>
        )}
      </Stack>
      <Modal
        opened={asked !== null}
        onClose={() => setAsked(null)}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title="Save these prices?"
        size="lg"
      >
        <Stack gap="md">
          {changes.length > 0 ? (
            <Table withTableBorder fz="sm" layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="50%">Price</Table.Th>
                  <Table.Th>Now</Table.Th>
                  <Table.Th>New</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changes.map((c) => (
                  <Table.Tr key={c.key}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{priceName(c.key)}</Table.Td>
                    <Table.Td>{formatMoney(c.from)}</Table.Td>
                    <Table.Td fw={600}>{formatMoney(c.to)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text>The sheet is created with every price as shown.</Text>
          )}
          <Text size="sm">{reachOf(sheet.pending_orders, sheet.kept_orders)}</Text>
          <Group gap="sm" justify="flex-end">
            <Button variant="default" onClick={() => setAsked(null)}>
              Cancel
            </Button>
            <Button loading={save.isPending} onClick={() => void confirm()}>
              Save prices
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}

/** The sheet's history: who changed which price, from what to what, and when. */
function SheetHistory({ entries }: { entries: TAuditEntry[] }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        History
      </Title>
      {entries.length === 0 ? (
        <Text c="gray.7">No changes yet.</Text>
      ) : (
        entries.map((entry) => {
          const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
          return (
            <Paper withBorder p="sm" radius="md" key={entry.id}>
              <Text size="sm" fw={600}>
                {when.format(new Date(entry.at))} · {entry.actor} · {entry.action === 'create' ? 'created' : 'changed'}
              </Text>
              {keys.map((key) => (
                <Text size="sm" key={key} style={{ overflowWrap: 'anywhere' }}>
                  {priceName(key)}: {moneyOrBlank(entry.before?.[key])} → {moneyOrBlank(entry.after?.[key])}
                </Text>
              ))}
            </Paper>
          );
        })
      )}
    </Stack>
  );
}

function SheetDetail({ sheet, role }: { sheet: TCostSheetResponse; role: StaffRole }) {
  usePageMeta({ title: `Cost sheet: ${sheet.product.name}` });
  const mayEdit = role === 'admin' && sheet.may_edit;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={backOfficePath('cost-sheets')} size="sm">
        ← Cost sheets
      </Anchor>
      <div>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {sheet.product.name}
        </Title>
        <Text size="sm" c="gray.7">
          {[sheet.product.category, `Product page price ${formatMoney(sheet.product.regular_price_cents)}`]
            .filter(Boolean)
            .join(' · ')}
          {sheet.updated_at ? ` · Prices last changed ${when.format(new Date(sheet.updated_at))}` : ''}
        </Text>
        <Text size="xs" c="gray.7">
          {REGULAR_PRICE_NOTE}
        </Text>
      </div>
      <Alert color="blue" variant="light" title={sheet.exists ? 'Who pays these prices' : 'No cost sheet yet'}>
        {sheet.exists
          ? reachOf(sheet.pending_orders, sheet.kept_orders)
          : 'Until it is saved, every price of this product’s reservation form is $0.00.'}
      </Alert>
      <SheetForm key={sheet.version} sheet={sheet} mayEdit={mayEdit} />
      <SheetHistory entries={sheet.history} />
    </Stack>
  );
}

export default function CostSheetScreen({ role }: { role: StaffRole }) {
  const productId = Number(useParams().productId);
  const sheet = useCostSheet(productId);
  if (sheet.isError) return <LoadError message={sheet.error.message} onRetry={() => void sheet.refetch()} />;
  if (!sheet.data) return <LoadingBar active />;
  return <SheetDetail sheet={sheet.data} role={role} />;
}
