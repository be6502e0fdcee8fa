import { Controller, type Control } from 'react-hook-form';
import type { ClientSetup } from '@homeminder/shared/contracts/clients';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { homeProfileFields, homeProfileMessages } from '@homeminder/shared/contracts/home-profile';
import { homeSystemKinds } from '@homeminder/shared/contracts/home-systems';
import { newHomeWords } from '@homeminder/shared/contracts/new-home';
import { NotSureRadios } from '../../../components/form/not-sure-radios';
import type { SetupFormValues } from '../setup-values';

const { yes, no } = homeProfileMessages;

/** A well or a septic system asked as yes or no: no is the town's water or sewer. */
const yesOrMunicipal = (choice: 'well' | 'septic') =>
  [
    [choice, yes],
    ['municipal', no],
  ] as const;

type SetupControl = Control<SetupFormValues, unknown, ClientSetup>;

/** One of the profile's answers the form asks, with its choices and "Not sure". */
function ProfileQuestion({
  control,
  name,
  label,
  options,
}: {
  control: SetupControl;
  name: 'homeKind' | 'waterSupply' | 'sewer';
  label: string;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <Controller
      control={control}
      name={`home.profile.${name}`}
      render={({ field }) => (
        <NotSureRadios
          label={label}
          options={options}
          value={field.value ?? null}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

/**
 * The new client's home: its kind, well, septic and heating, the answers that change its plan most
 * (docs/decisions/092), each with "Not sure". Saved as the new property's profile and heating.
 */
export function SetupHome({ control }: { control: SetupControl }) {
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {newHomeWords.title}
      </Title>
      <Text size="sm" c="dimmed">
        {newHomeWords.intro}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
        <ProfileQuestion
          control={control}
          name="homeKind"
          label={newHomeWords.homeKind}
          options={Object.entries(homeProfileFields.homeKind.options)}
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
        <ProfileQuestion
          control={control}
          name="waterSupply"
          label={newHomeWords.well}
          options={yesOrMunicipal('well')}
        />
        <ProfileQuestion
          control={control}
          name="sewer"
          label={newHomeWords.septic}
          options={yesOrMunicipal('septic')}
        />
      </SimpleGrid>
    </Stack>
  );
}
