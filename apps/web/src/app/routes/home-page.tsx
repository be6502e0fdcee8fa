import { HomePage } from '../../features/home/home-page';
import { ReminderActivityCard } from '../../features/mail/reminder-activity-card';

export { clientLoader } from '../route-guard';

/** Home shows the mail feature's reminder activity; its clients link to their details on the client grid. */
export default function Home() {
  return <HomePage reminderActivity={<ReminderActivityCard />} />;
}
