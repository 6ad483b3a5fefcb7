import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@portal/contracts/constants';
import { IconCheck, IconX } from '@tabler/icons-react';

/** Toast type 1 is success and 0 failure, each with its icon, shown for 5 seconds. */
export function toast(type: 0 | 1, message: string) {
  notifications.show({
    message,
    color: type === 1 ? 'teal' : 'red',
    icon: type === 1 ? <IconCheck size={18} aria-hidden /> : <IconX size={18} aria-hidden />,
    autoClose: TOAST_MS,
    withBorder: true,
    // Mantine's close button is an icon alone; without a name screen readers announce just "button".
    closeButtonProps: { 'aria-label': 'Close notification' },
  });
}

export const toastSuccess = (message: string) => toast(1, message);
export const toastError = (message: string) => toast(0, message);
