import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import { useState } from 'react';
import { Controller, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, SimpleGrid, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { clientSetupSchema, type ClientDetail, type ClientSetup } from '@homeminder/shared/contracts/clients';
import type { DefaultReminder } from '@homeminder/shared/contracts/default-reminders';
import { clientFields, clientOwnFieldNames } from '@homeminder/shared/contracts/client-fields';
import { licenseMessages } from '@homeminder/shared/license';
import { ServerErrorAlert } from '../../../components/form/server-error-alert';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { useSession } from '../../../lib/session-store';
import {
  useClientDetail,
  useDefaultReminderSet,
  useIsCorporationWide,
  usePropertyCounts,
  useRealtors,
  useSetupClient,
  useUsStates,
  type ClientArea,
} from '../api';
import { editedProperty, emptySetupValues, setupValuesOf, type SetupFormValues } from '../setup-values';
import { LoadError } from '../../../components/errors/load-error';
import { useSendPendingDeletesNow } from '../../../lib/pending-deletes';
import { SetupHome } from './setup-home';
import { SetupReminders } from './setup-reminders';
import { bindFields } from '../../../components/form/field';
import { SelectField } from '../../../components/form/select-field';
import { useCheckedForm } from '../../../components/form/use-checked-form';

export interface ClientSetupFormProps {
  /** The client to change; without it a new client is set up. */
  clientId?: string;
  /** Which of the client's properties to change (their first by default). */
  propertyId?: string;
  area?: ClientArea;
  onSaved: (client: ClientDetail, created: boolean) => void;
  onCancel?: () => void;
}

/** One form for setting up a new client and for changing one (docs/requirements.md §5: set-up item). */
export function ClientSetupForm(props: ClientSetupFormProps) {
  const detail = useClientDetail(props.clientId ?? null, props.area);
  // Only a new client starts from the default reminders; editing one never adds them.
  const defaults = useDefaultReminderSet(!props.clientId);
  // A reminder removed from the details moments ago is still in its undo window: it is removed now,
  // before the form is filled, so the form never lists (and saves) what is about to disappear.
  const removing = useSendPendingDeletesNow(
    detail.data?.properties.flatMap((property) => property.subscriptions.map((item) => item.id)) ?? [],
  );
  if ((props.clientId && (detail.isPending || removing)) || (!props.clientId && defaults.isLoading)) {
    return (
      <Stack aria-busy="true" aria-label={props.clientId ? 'Loading the client' : 'Loading the form'}>
        {[1, 2, 3, 4].map((row) => (
          <Skeleton key={row} h={row === 4 ? 140 : 56} />
        ))}
      </Stack>
    );
  }
  if (props.clientId && detail.isError) {
    return <LoadError title="The client could not be loaded" error={detail.error} onRetry={detail.refetch} />;
  }
  // Without the defaults (they failed to load) the form starts with none, as before.
  return <SetupFormBody {...props} client={detail.data} defaultReminders={defaults.data?.items ?? []} />;
}

function SetupFormBody({
  client,
  propertyId,
  area,
  onSaved,
  onCancel,
  defaultReminders,
}: ClientSetupFormProps & {
  client?: ClientDetail | undefined;
  defaultReminders: readonly DefaultReminder[];
}) {
  const corporationWide = useIsCorporationWide();
  const userId = useSession((state) => state.userID);
  const realtors = useRealtors();
  const usStates = useUsStates();
  const setup = useSetupClient(area);
  const [today] = useState(() => new Date());
  const savedProperty = client ? editedProperty(client, propertyId) : undefined;
  // After the license's last day a new property can only be pending, and a pending one stays so;
  // an active or a paused one is edited as it is (docs/decisions/051).
  const counts = usePropertyCounts();
  const wouldTakeLicense = !savedProperty || (savedProperty.enabled && savedProperty.pending);
  const licenseEndedOn = wouldTakeLicense ? (counts.data?.licenseEndedOn ?? null) : null;

  const form = useCheckedForm<SetupFormValues, unknown, ClientSetup>({
    // The shared schema's input types are wider (it also reads numbers sent as text); the form holds text.
    resolver: zodResolver(clientSetupSchema) as unknown as Resolver<SetupFormValues, unknown, ClientSetup>,
    defaultValues: client
      ? setupValuesOf(client, propertyId)
      : emptySetupValues(corporationWide ? null : userId, defaultReminders),
  });
  const { isSubmitting } = form.formState;
  const field = bindFields(form);

  const { failure, onSubmit } = useFormSubmit(
    form,
    async (values) => {
      const saved = await setup.mutateAsync({
        ...values,
        realtorID: values.realtorID ?? null,
        property: { ...values.property, pending: values.property.pending || Boolean(licenseEndedOn) },
      });
      const created = !values.tenantUserID;
      notifications.show({
        color: 'teal',
        title: created ? 'Client set up' : 'Client saved',
        message: created
          ? `${saved.firstName} ${saved.lastName} will get ${values.subscriptions.length} reminder${values.subscriptions.length === 1 ? '' : 's'}.`
          : `The changes to ${saved.firstName} ${saved.lastName} are saved.`,
      });
      onSaved(saved, created);
    },
    { warnUnsaved: true },
  );

  const stateOptions = (usStates.data ?? []).map((state) => ({
    value: state.code,
    label: `${state.name} (${state.code})`,
  }));
  const realtorOptions = (realtors.data ?? []).map((realtor) => ({
    value: realtor.id,
    label: `${realtor.firstName} ${realtor.lastName}${realtor.enabled ? '' : ' (disabled)'}`,
  }));

  return (
    <form onSubmit={onSubmit} noValidate aria-label={client ? 'Edit client' : 'New client'}>
      <Stack gap="lg">
        {corporationWide ? (
          <SelectField
            control={form.control}
            name="realtorID"
            nullable
            label="Realtor"
            description="Who looks after this client"
            placeholder={realtors.isPending ? 'Loading realtors…' : 'No realtor'}
            data={realtorOptions}
            searchable
            clearable
            nothingFoundMessage="No realtor of that name"
          />
        ) : null}

        <Stack gap="sm">
          <Title order={3} size="h5">
            Client
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {clientOwnFieldNames.map((name) => (
              <TextInput
                key={name}
                label={clientFields[name].label}
                type={clientFields[name].input}
                required={clientFields[name].required}
                placeholder={clientFields[name].required ? undefined : clientFields[name].example}
                autoComplete="off"
                {...field(`clientUser.${name}`)}
              />
            ))}
          </SimpleGrid>
        </Stack>

        <Stack gap="sm">
          <Title order={3} size="h5">
            Property
          </Title>
          <TextInput label="Street address" required autoComplete="off" {...field('property.line')} />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <TextInput label="City" required autoComplete="off" {...field('property.city')} />
            <SelectField
              control={form.control}
              name="property.state"
              label="State"
              required
              searchable
              placeholder={usStates.isPending ? 'Loading…' : 'Choose'}
              data={stateOptions}
              nothingFoundMessage="No such state"
            />
            <TextInput
              label="ZIP code"
              required
              inputMode="numeric"
              maxLength={5}
              autoComplete="off"
              {...field('property.zip')}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="property.pending"
            render={({ field }) => (
              <Checkbox
                label="Pending: the sale has not closed yet"
                description={
                  licenseEndedOn
                    ? licenseMessages.endedChoice(licenseEndedOn)
                    : 'A pending property uses no license and gets no reminders until it is confirmed.'
                }
                checked={Boolean(licenseEndedOn) || Boolean(field.value)}
                disabled={Boolean(licenseEndedOn)}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
              />
            )}
          />
        </Stack>

        {client ? null : <SetupHome control={form.control} />}

        <SetupReminders control={form.control} savedProperty={savedProperty} today={today} />

        <ServerErrorAlert error={failure} />
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={isSubmitting}>
            {client ? 'Save changes' : 'Set up client'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
