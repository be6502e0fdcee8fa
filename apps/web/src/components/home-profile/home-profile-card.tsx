import '@mantine/core/styles/Progress.css';
import { Button, Group, Progress, SimpleGrid, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClipboardList } from '@tabler/icons-react';
import {
  answeredCount,
  homeProfileAnswerText,
  homeProfileFieldNames,
  homeProfileField,
  homeProfileMessages,
  type HomeProfile,
  type HomeProfileAnswers,
} from '@homeminder/shared/contracts/home-profile';
import { useFormInPlace } from '../form/form-in-place';
import { HomeSection, homeSectionWaiting } from '../home-section';
import { HomeProfileSteps } from './home-profile-steps';

/** The answers given, each with its label; "not sure" ones are left out. */
function AnswerList({ answers }: { answers: HomeProfileAnswers }) {
  const given = homeProfileFieldNames.filter((name) => answers[name] !== null);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6} component="dl" m={0}>
      {given.map((name) => (
        <Group key={name} gap={6} wrap="nowrap" align="baseline">
          <Text component="dt" size="sm" c="gray.7">
            {homeProfileField(name).label}:
          </Text>
          <Text component="dd" size="sm" fw={500} m={0}>
            {homeProfileAnswerText(name, answers)}
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}

/**
 * A home's profile where people look after it (docs/decisions/088): how much of it is answered,
 * the answers, and the guided form to answer more. `audience` words it for the homeowner ("your
 * home") or for staff ("the home"); the calls are the caller's (`profile`, `save`).
 */
export function HomeProfileCard({
  profile,
  save,
  audience,
  headingOrder,
}: {
  profile: { data?: HomeProfile; isPending: boolean; error: unknown; refetch: () => unknown };
  save: (answers: HomeProfileAnswers) => Promise<unknown>;
  audience: 'homeowner' | 'staff';
  headingOrder: 3 | 4;
}) {
  const { opened: answering, open: setAnswering, close, focusRef } = useFormInPlace<true>();
  const title = audience === 'homeowner' ? 'About your home' : 'About the home';
  const waiting = homeSectionWaiting(profile, title);
  if (waiting || !profile.data) return waiting;
  const { answers } = profile.data;
  const answered = answeredCount(answers);
  const total = homeProfileFieldNames.length;

  if (answering)
    return (
      <HomeProfileSteps
        answers={answers}
        headingOrder={headingOrder}
        save={async (next) => {
          await save(next);
        }}
        onClose={() => {
          close();
          notifications.show({ color: 'teal', message: homeProfileMessages.saved });
        }}
      />
    );

  const invitation =
    audience === 'homeowner'
      ? 'Tell us what your home is like, a few questions at a time; "Not sure" is always an answer. Your realtor sees your answers too.'
      : 'Nothing is known of the home yet. The homeowner can answer on their page, or you can here.';
  return (
    <HomeSection
      icon={IconClipboardList}
      title={title}
      order={headingOrder}
      aside={`${answered} of ${total} answered`}
      focusRef={focusRef}
    >
      <Progress value={(answered / total) * 100} size="sm" aria-label={`${answered} of ${total} answered`} />
      {answered === 0 ? <Text size="sm">{invitation}</Text> : <AnswerList answers={answers} />}
      <Group>
        <Button variant={answered === 0 ? 'filled' : 'default'} onClick={() => setAnswering(true)}>
          {answered === 0
            ? audience === 'homeowner'
              ? 'Tell us about your home'
              : 'Answer about the home'
            : answered < total
              ? 'Continue answering'
              : 'Change answers'}
        </Button>
      </Group>
    </HomeSection>
  );
}
