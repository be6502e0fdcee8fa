import { HomePage } from '../../features/home/home-page';
import { prefetchHome } from '../../features/home/home-data';
import { ReminderActivityCard } from '../../features/mail/reminder-activity-card';
import { pageLoader } from '../page-loader';

export { clientLoader } from '../route-guard';

/** Rendered on the server with the person's numbers and lists (docs/decisions/084). */
export const loader = pageLoader(prefetchHome);

/** Home shows the mail feature's reminder activity; its clients link to their details on the client grid. */
export default function Home() {
  return <HomePage reminderActivity={<ReminderActivityCard />} />;
}
