/** The header's notification bell and its list. */
export { NotificationBell } from './components/notification-bell';
