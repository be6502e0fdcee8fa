// The toasts' container on its own, for Providers to load with the first toast.
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
export { Notifications } from '@mantine/notifications';
