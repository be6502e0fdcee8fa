import { showClientDetail } from '../../features/clients/client-flyouts';
import { HomePage } from '../../features/home/home-page';
import { ReminderActivityCard } from '../../features/mail/reminder-activity-card';

export { clientLoader } from '../route-guard';

/** Home shows the mail feature's reminder activity, and opens clients in the clients feature's flyout. */
export default function Home() {
  return <HomePage reminderActivity={<ReminderActivityCard />} onOpenClient={showClientDetail} />;
}
