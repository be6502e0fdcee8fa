import { Controller, type Control } from 'react-hook-form';
import type { ClientSetup } from '@homeminder/shared/contracts/clients';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { homeProfileFields, homeProfileMessages } from '@homeminder/shared/contracts/home-profile';
import { homeSystemKinds } from '@homeminder/shared/contracts/home-systems';
import { newHomeWords } from '@homeminder/shared/contracts/new-home';
import { NotSureRadios } from '../../../components/form/not-sure-radios';
import type { SetupFormValues } from '../setup-values';

const { yes, no } = homeProfileMessages;

/**
 * The new client's home: its kind, well, septic and heating, the answers that change its plan most
 * (docs/decisions/092), each with "Not sure". Saved as the new property's profile and heating.
 */
export function SetupHome({ control }: { control: Control<SetupFormValues, unknown, ClientSetup> }) {
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {newHomeWords.title}
      </Title>
      <Text size="sm" c="dimmed">
        {newHomeWords.intro}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
        <Controller
          control={control}
          name="home.profile.homeKind"
          render={({ field }) => (
            <NotSureRadios
              label={newHomeWords.homeKind}
              options={Object.entries(homeProfileFields.homeKind.options)}
              value={field.value ?? null}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        <Controller
          control={control}
          name="home.systems"
          render={({ field }) => (
            <NotSureRadios
              label={newHomeWords.heating}
              options={Object.entries(homeSystemKinds.heating.types)}
              value={field.value?.[0]?.type ?? null}
              onChange={(type) => field.onChange(type ? [{ kind: 'heating', type }] : [])}
              onBlur={field.onBlur}
            />
          )}
        />
        <Controller
          control={control}
          name="home.profile.waterSupply"
          render={({ field }) => (
            <NotSureRadios
              label={newHomeWords.well}
              options={[
                ['well', yes],
                ['municipal', no],
              ]}
              value={field.value ?? null}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        <Controller
          control={control}
          name="home.profile.sewer"
          render={({ field }) => (
            <NotSureRadios
              label={newHomeWords.septic}
              options={[
                ['septic', yes],
                ['municipal', no],
              ]}
              value={field.value ?? null}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      </SimpleGrid>
    </Stack>
  );
}
