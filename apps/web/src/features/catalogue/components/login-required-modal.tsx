import '../../../styles/mantine-forms.css';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { ROUTES } from '@portal/contracts/routes';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { browserSession } from '../../../lib/browser-session.ts';

/** The two logins, each bringing the visitor back to this product afterwards (spec §2, §4). */
export function LoginChoices() {
  const { pathname } = useLocation();
  const remember = () => browserSession.setBackUrl(pathname);
  return (
    <Stack gap="sm">
      <Button component={Link} to={ROUTES.schoolLogin.path} onClick={remember} fullWidth>
        Log in as School
      </Button>
      <Button component={Link} to={ROUTES.sponsorLogin.path} onClick={remember} variant="default" fullWidth>
        Log in as Sponsor
      </Button>
    </Stack>
  );
}

/** A product that needs a login, opened by a signed-out visitor (spec §2, §6). */
export function LoginRequiredModal() {
  const [opened, setOpened] = useState(true);
  return (
    <Modal
      opened={opened}
      onClose={() => setOpened(false)}
      title="Please log in"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Text>This product is available to signed-in schools and sponsors. Log in to see its details.</Text>
        <LoginChoices />
      </Stack>
    </Modal>
  );
}
