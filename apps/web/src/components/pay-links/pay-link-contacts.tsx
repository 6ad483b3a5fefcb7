import { Stack, Text } from '@mantine/core';
import { SupportContacts } from '../support-contacts.tsx';
import { PAY_LINK_TEXT as TEXT } from './texts.ts';

/** Whom to ask about a payment: the support contacts from the site settings. */
export function PayLinkContacts() {
  return (
    <Stack gap="xs">
      <Text size="sm">{TEXT.questions}</Text>
      <SupportContacts />
    </Stack>
  );
}
