import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';

const TEXT = {
  title: (to: string) => `Pay link sent to ${to}`,
  label: 'The link',
  onlyNow:
    'It is shown only now: the server keeps no copy it could show again. To give it to someone another way, copy it here. Later, send a new link instead: that ends this one.',
  copy: 'Copy link',
  copied: 'Copied',
} as const;

/**
 * The pay link staff just sent, shown this once with a way to copy it (decision 029): the
 * server keeps only its key's hash, so once this screen is left, a new link is the way to
 * give it again.
 */
export function SentPayLink({ url, to }: { url: string; to: string }) {
  const hint = useId();
  return (
    <Alert color="blue" variant="light" title={TEXT.title(to)} data-testid="sent-pay-link">
      <Stack gap="xs">
        <Text size="sm" id={hint}>
          {TEXT.onlyNow}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={TEXT.label}
            value={url}
            readOnly
            aria-describedby={hint}
            style={{ flex: '1 1 18rem' }}
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? TEXT.copied : TEXT.copy}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
