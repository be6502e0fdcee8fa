import type { UseMutationResult } from '@tanstack/react-query';
import { emailCadenceLabels, emailCadences, type EmailCadence } from '@homeminder/shared/email-cadence';
import { leadDayChoices, leadDayLabels, type LeadDays } from '@homeminder/shared/reminder-timing';
import { ChoiceRadios, choiceOptions, savedOnChoosing } from './choice-radios';

type Change<Value> = UseMutationResult<{ message: string }, Error, Value>;

const leadDayOptions = choiceOptions(leadDayChoices, leadDayLabels);
const emailCadenceOptions = choiceOptions(emailCadences, emailCadenceLabels);

/**
 * When a home's reminders come: on the due day or days before (docs/decisions/102), saved as soon
 * as it is chosen, for the homeowner, for staff in the client's details and as the corporation's
 * default.
 */
export function LeadDaysChoice({
  leadDays,
  legend,
  description,
  change,
}: {
  leadDays: LeadDays;
  legend: string;
  description?: string;
  change: Change<LeadDays>;
}) {
  return (
    <ChoiceRadios
      legend={legend}
      description={description}
      options={leadDayOptions}
      errorTitle="When reminders are sent was not changed"
      {...savedOnChoosing(change, leadDays)}
    />
  );
}

/**
 * How often a client is emailed: an email for each reminder or one a month (docs/decisions/103),
 * saved as soon as it is chosen, in the same places.
 */
export function EmailCadenceChoice({
  emailCadence,
  legend,
  description,
  change,
}: {
  emailCadence: EmailCadence;
  legend: string;
  description?: string;
  change: Change<EmailCadence>;
}) {
  return (
    <ChoiceRadios
      legend={legend}
      description={description}
      options={emailCadenceOptions}
      errorTitle="How often reminders are emailed was not changed"
      {...savedOnChoosing(change, emailCadence)}
    />
  );
}
