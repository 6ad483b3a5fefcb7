import { Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useLogout } from '../lib/use-logout.ts';

/** Logout where there is no sidebar (the dashboards). */
export function LogoutButton() {
  const logout = useLogout();
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="default"
      leftSection={<IconLogout size={18} aria-hidden />}
      loading={pending}
      onClick={() => {
        setPending(true);
        void logout();
      }}
    >
      Logout
    </Button>
  );
}
