import '@mantine/core/styles/Grid.css';
import { Grid, Skeleton, Stack, Text } from '@mantine/core';
import { LoadError } from '../../components/errors/load-error';
import { useHomeownerOverview } from './api';
import { EmailPreferences, HomePreferences, PasswordPreferences } from './preference-cards';
import { TextPreferences } from './text-preferences';

/** The homeowner's choices (/my-home/preferences): reminders, pausing a home, emails, texts, password. */
export function MyPreferencesPage() {
  const overview = useHomeownerOverview();
  if (overview.isPending) {
    return (
      <Stack aria-busy="true" aria-label="Loading">
        <Skeleton h={240} radius="md" />
      </Stack>
    );
  }
  if (overview.isError) {
    return (
      <LoadError
        title="Your preferences could not be loaded"
        error={overview.error}
        onRetry={overview.refetch}
      />
    );
  }
  const { data } = overview;
  return (
    <Stack gap="lg">
      <Text size="lg">Choose which reminders you get and how.</Text>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {data.homes.map((home) => (
              <HomePreferences key={home.id} home={home} timeZone={data.timeZone} />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <EmailPreferences unsubscribedAt={data.unsubscribedAt} home={data.homes[0]} />
            {data.homes[0] ? <TextPreferences homeId={data.homes[0].id} timeZone={data.timeZone} /> : null}
            <PasswordPreferences />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
