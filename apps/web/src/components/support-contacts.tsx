import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useSettings } from '../lib/content.ts';

export function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The support e-mail, phone and postal address from the site settings (spec §1, D9). */
export function SupportContacts({ size = 'sm', gap = 8 }: { size?: 'sm' | 'md'; gap?: number }) {
  const settings = useSettings();
  if (!settings) return null;
  const icon = size === 'sm' ? 18 : 20;
  return (
    <Stack gap={gap}>
      <Group gap={8} wrap="nowrap">
        <IconMail size={icon} aria-hidden />
        <Anchor href={`mailto:${settings.support_email}`} size={size} c="gray.8">
          {settings.support_email}
        </Anchor>
      </Group>
      <Group gap={8} wrap="nowrap">
        <IconPhone size={icon} aria-hidden />
        <Anchor href={telHref(settings.support_phone)} size={size} c="gray.8">
          {settings.support_phone}
        </Anchor>
      </Group>
      <Group gap={8} wrap="nowrap" align="flex-start">
        <IconMapPin size={icon} aria-hidden />
        <Text component="address" size={size} c="gray.8" fs="normal">
          {settings.postal_address}
        </Text>
      </Group>
    </Stack>
  );
}
