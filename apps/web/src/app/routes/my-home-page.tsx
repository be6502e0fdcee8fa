import { DEFAULT_TIME_ZONE } from '@homeminder/shared/schedule';
import { prefetchMyHome, useHomeownerOverview } from '../../features/homeowner/api';
import { ReplyHistory } from '../../features/homeowner/reply-history';
import { MyHomePage } from '../../features/homeowner/my-home-page';
import { ReminderReplies } from '../../features/homeowner/reminder-replies';

import { pageLoader } from '../page-loader';

export { clientLoader } from '../route-guard';

/** Rendered on the server with the person's homes and reminders (docs/decisions/084). */
export const loader = pageLoader(prefetchMyHome);

/** The homeowner's page, with the replies under each reminder and each home's history. */
export default function MyHome() {
  // The page has loaded the overview before it renders either; this reads it from the cache.
  const timeZone = useHomeownerOverview().data?.timeZone ?? DEFAULT_TIME_ZONE;
  return (
    <MyHomePage
      // Only what is being sent can be replied to: a reminder turned off, or of a paused or pending
      // home, waits until it comes back.
      reminderActions={(reminder, home) =>
        reminder.on && home.status === 'active' ? (
          <ReminderReplies reminder={reminder} timeZone={timeZone} />
        ) : null
      }
      history={(home) => <ReplyHistory home={home} timeZone={timeZone} />}
    />
  );
}
