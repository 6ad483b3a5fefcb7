import '../styles/mantine-forms.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications, notifications } from '@mantine/notifications';

/** Mantine's notifications, loaded with the first toast rather than with every page. */
export { notifications };

export default function NotificationsHost() {
  // At the bottom: at the top they covered the header, its menu button among it, for their 5 s.
  return <Notifications position="bottom-center" zIndex={2000} />;
}
