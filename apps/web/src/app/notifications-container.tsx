// The toasts' container on its own, for Providers to load with the first toast.
export { Notifications } from '@mantine/notifications';
