import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { TAuditEntry } from '@portal/contracts/admin';
import { SETTING_TEXTS, SettingsFields, type TSettingsFields } from '@portal/contracts/admin-content';
import type { TPublicSettings } from '@portal/contracts/settings';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { LoadingBar } from '../../../components/loading-bar.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { PhoneInput } from '../../../components/phone-input.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { FormLeaveWarning } from '../lib/leave-warning.tsx';
import { useSaveSettings, useSiteSettings } from './api.ts';
import { ContentHistory } from './components/content-history.tsx';
import { ContentListHeader } from './components/content-record.tsx';
import { TEXT } from './texts.ts';

type Values = z.output<typeof SettingsFields>;
type Key = keyof TSettingsFields;
const FIELDS = Object.keys(SettingsFields.shape);

/** The settings in groups, as staff look for them. */
const GROUPS: { title: string; keys: Key[] }[] = [
  { title: 'Support contacts', keys: ['provider_name', 'support_email', 'support_phone', 'postal_address'] },
  { title: 'Links', keys: ['fundraising_url', 'fundraising_label', 'partner_url'] },
  { title: 'Promotional video', keys: ['promo_video_url'] },
  { title: 'Orders', keys: ['cancel_cutoff', 'sales_tax_note'] },
];
const LONG: ReadonlySet<Key> = new Set(['postal_address', 'sales_tax_note']);
const NAMES = Object.fromEntries(Object.entries(SETTING_TEXTS).map(([key, text]) => [key, text.label]));

/** A setting's audit row reads as "Support phone: (813) 555-0142 → (813) 555-0199". */
const asField = (entry: TAuditEntry): TAuditEntry => ({
  ...entry,
  action: `${entry.action} ${NAMES[entry.entity_id] ?? entry.entity_id}`,
  before: entry.before ? { [entry.entity_id]: entry.before.value } : null,
  after: entry.after ? { [entry.entity_id]: entry.after.value } : null,
});

function SettingsForm({ settings }: { settings: TPublicSettings }) {
  const save = useSaveSettings();
  const form = useForm<TSettingsFields, unknown, Values>({
    ...FORM_MODE,
    resolver: zodResolver(SettingsFields),
    defaultValues: settings,
  });
  const { submit, submitting } = useSubmit(
    form,
    async (values) => toastSuccess((await save.mutateAsync({ ...values, opened: settings })).message),
    { serverFields: FIELDS },
  );
  const field = (key: Key) => {
    const { label, description } = SETTING_TEXTS[key];
    if (key === 'support_phone') {
      return (
        <PhoneInput key={key} control={form.control} name={key} label={label} description={description} required />
      );
    }
    const Input = LONG.has(key) ? Textarea : TextInput;
    return (
      <Input
        key={key}
        label={label}
        description={description}
        required
        {...(key === 'support_email' && { type: 'email' })}
        {...(key === 'cancel_cutoff' && { placeholder: 'MM-DD', styles: { wrapper: { maxWidth: 220 } } })}
        {...(LONG.has(key) && { autosize: true, minRows: 2 })}
        {...fieldProps(form, key)}
      />
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <FormLeaveWarning form={form} />
      <Stack gap="md">
        {GROUPS.map((group) => (
          <Paper key={group.title} withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <Stack gap="sm">
              <Title order={2} size="h4">
                {group.title}
              </Title>
              {group.keys.map(field)}
            </Stack>
          </Paper>
        ))}
        <Group>
          <Button type="submit" loading={submitting}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/settings: every site setting (D9), with what each changes, and their history. */
export default function SettingsScreen() {
  usePageMeta({ title: TEXT.settingsTitle });
  const settings = useSiteSettings();
  if (settings.isError) return <LoadError message={settings.error.message} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <LoadingBar active />;
  const latest = settings.data.history[0]?.id ?? 0;
  return (
    <Stack gap="md" maw={860}>
      <ContentListHeader title={TEXT.settingsTitle} intro={TEXT.settingsIntro} />
      {/* Saved, the settings come back changed: the form starts again from them. */}
      <SettingsForm key={latest} settings={settings.data.settings} />
      <ContentHistory entries={settings.data.history.map(asField)} names={NAMES} />
    </Stack>
  );
}
