import { Anchor } from '@mantine/core';
import { ROUTES } from '@portal/contracts/routes';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';

/**
 * 'Back to Login' goes back in history (spec §2), to whichever login sent the user here.
 * Opened from a bookmark or a new tab there is no such page, so it falls back to the school login.
 */
export function BackToLogin() {
  const navigate = useNavigate();
  const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <Anchor
      component={Link}
      to={ROUTES.schoolLogin.path}
      onClick={(event) => {
        if (!canGoBack()) return;
        event.preventDefault();
        navigate(-1);
      }}
      size="sm"
      fw={500}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
    >
      <IconArrowLeft size={16} aria-hidden />
      Back to Login
    </Anchor>
  );
}
