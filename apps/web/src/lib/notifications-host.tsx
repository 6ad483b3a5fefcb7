import '@mantine/notifications/styles.css';
import { Notifications, notifications } from '@mantine/notifications';

/** Mantine's notifications, loaded with the first toast rather than with every page. */
export { notifications };

export default function NotificationsHost() {
  return <Notifications position="top-right" zIndex={2000} />;
}
