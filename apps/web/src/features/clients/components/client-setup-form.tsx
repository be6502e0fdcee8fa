import { useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { clientSetupSchema, type ClientDetail, type ClientSetup } from '@homeminder/shared/contracts/clients';
import { formatDueDate } from '@homeminder/shared/due-date';
import { licenseMessages } from '@homeminder/shared/license';
import { FormFailure } from '../../../components/form/form-failure';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { errorMessageOf } from '../../../lib/api-error';
import { useCorporationTimeZone } from '../../../lib/corporation-time-zone';
import { useSession } from '../../../lib/session-store';
import {
  useClientDetail,
  useFrequencies,
  useIsCorporationWide,
  usePropertyCounts,
  useRealtors,
  useReminderCatalogue,
  useSetupClient,
  useUsStates,
  type ClientArea,
} from '../api';
import {
  editedProperty,
  emptySetupValues,
  expectedDueDate,
  setupValuesOf,
  type SetupFormValues,
} from '../setup-values';
import { LoadError } from '../../../components/errors/load-error';
import { useSendPendingDeletesNow } from '../../../lib/pending-deletes';

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
  // A reminder removed from the details moments ago is still in its undo window: it is removed now,
  // before the form is filled, so the form never lists (and saves) what is about to disappear.
  const removing = useSendPendingDeletesNow(
    detail.data?.properties.flatMap((property) => property.subscriptions.map((item) => item.id)) ?? [],
  );
  if (props.clientId && (detail.isPending || removing)) {
    return (
      <Stack aria-busy="true" aria-label="Loading the client">
        {[1, 2, 3, 4].map((row) => (
          <Skeleton key={row} h={row === 4 ? 140 : 56} />
        ))}
      </Stack>
    );
  }
  if (props.clientId && detail.isError) {
    return <LoadError title="The client could not be loaded" error={detail.error} onRetry={detail.refetch} />;
  }
  return <SetupFormBody {...props} client={detail.data} />;
}

function SetupFormBody({
  client,
  propertyId,
  area,
  onSaved,
  onCancel,
}: ClientSetupFormProps & { client?: ClientDetail | undefined }) {
  const corporationWide = useIsCorporationWide();
  const userId = useSession((state) => state.userID);
  const realtors = useRealtors();
  const catalogue = useReminderCatalogue();
  const frequencies = useFrequencies();
  const usStates = useUsStates();
  const setup = useSetupClient(area);
  const [today] = useState(() => new Date());
  const timeZone = useCorporationTimeZone();
  const savedProperty = client ? editedProperty(client, propertyId) : undefined;
  // After the license's last day a new property can only be pending, and a pending one stays so;
  // an active or a paused one is edited as it is (docs/decisions/051).
  const counts = usePropertyCounts();
  const wouldTakeLicense = !savedProperty || (savedProperty.enabled && savedProperty.pending);
  const licenseEndedOn = wouldTakeLicense ? (counts.data?.licenseEndedOn ?? null) : null;

  const form = useForm<SetupFormValues, unknown, ClientSetup>({
    // The shared schema's input types are wider (it also reads numbers sent as text); the form holds text.
    resolver: zodResolver(clientSetupSchema) as unknown as Resolver<SetupFormValues, unknown, ClientSetup>,
    mode: 'onTouched',
    defaultValues: client
      ? setupValuesOf(client, propertyId)
      : emptySetupValues(corporationWide ? null : userId),
  });
  const { errors, isSubmitting } = form.formState;
  const subscriptions = useFieldArray({ control: form.control, name: 'subscriptions' });
  const chosen = useWatch({ control: form.control, name: 'subscriptions' });

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

  const reminderById = useMemo(
    () => new Map((catalogue.data?.items ?? []).map((item) => [item.id, item])),
    [catalogue.data],
  );
  const frequencyOptions = (frequencies.data ?? []).map((frequency) => ({
    value: String(frequency.id),
    label: frequency.name,
  }));
  const chosenIds = new Set((chosen ?? []).map((item) => item.reminderID));
  const reminderOptions = useMemo(() => {
    const groups = new Map<string, Array<{ value: string; label: string }>>();
    for (const item of catalogue.data?.items ?? []) {
      if (chosenIds.has(item.id)) continue;
      const group = groups.get(item.category) ?? [];
      group.push({ value: item.id, label: item.name });
      groups.set(item.category, group);
    }
    return [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([group, items]) => ({ group, items }));
    // chosenIds is rebuilt from `chosen` on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [catalogue.data, chosen]);

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
          <Controller
            control={form.control}
            name="realtorID"
            render={({ field }) => (
              <Select
                label="Realtor"
                description="Who looks after this client"
                placeholder={realtors.isPending ? 'Loading realtors…' : 'No realtor'}
                data={realtorOptions}
                searchable
                clearable
                nothingFoundMessage="No realtor of that name"
                value={field.value}
                onChange={(value) => field.onChange(value)}
                onBlur={field.onBlur}
                error={errors.realtorID?.message}
              />
            )}
          />
        ) : null}

        <Stack gap="sm">
          <Title order={3} size="h5">
            Client
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="First name"
              required
              autoComplete="off"
              error={errors.clientUser?.firstName?.message}
              {...form.register('clientUser.firstName')}
            />
            <TextInput
              label="Last name"
              required
              autoComplete="off"
              error={errors.clientUser?.lastName?.message}
              {...form.register('clientUser.lastName')}
            />
            <TextInput
              label="Email"
              type="email"
              required
              autoComplete="off"
              error={errors.clientUser?.email?.message}
              {...form.register('clientUser.email')}
            />
            <TextInput
              label="Phone"
              type="tel"
              autoComplete="off"
              placeholder="(555) 123-4567"
              error={errors.clientUser?.phone?.message}
              {...form.register('clientUser.phone')}
            />
          </SimpleGrid>
        </Stack>

        <Stack gap="sm">
          <Title order={3} size="h5">
            Property
          </Title>
          <TextInput
            label="Street address"
            required
            autoComplete="off"
            error={errors.property?.line?.message}
            {...form.register('property.line')}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <TextInput
              label="City"
              required
              autoComplete="off"
              error={errors.property?.city?.message}
              {...form.register('property.city')}
            />
            <Controller
              control={form.control}
              name="property.state"
              render={({ field }) => (
                <Select
                  label="State"
                  required
                  searchable
                  placeholder={usStates.isPending ? 'Loading…' : 'Choose'}
                  data={stateOptions}
                  nothingFoundMessage="No such state"
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  error={errors.property?.state?.message}
                />
              )}
            />
            <TextInput
              label="ZIP code"
              required
              inputMode="numeric"
              maxLength={5}
              autoComplete="off"
              error={errors.property?.zip?.message}
              {...form.register('property.zip')}
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

        <Stack gap="sm">
          <Group justify="space-between" align="baseline">
            <Title order={3} size="h5">
              Reminders
            </Title>
            <Text size="sm" c="dimmed">
              {subscriptions.fields.length} chosen
            </Text>
          </Group>
          <Select
            label="Add a reminder"
            placeholder={catalogue.isPending ? 'Loading the catalogue…' : 'Search the catalogue'}
            leftSection={<IconSearch size={16} aria-hidden />}
            data={reminderOptions}
            searchable
            value={null}
            onChange={(value) => {
              const reminder = value ? reminderById.get(value) : undefined;
              if (reminder)
                subscriptions.append({
                  reminderID: reminder.id,
                  maintenanceFrequencyID: String(reminder.defaultFrequencyId),
                });
            }}
            nothingFoundMessage="No reminder matches"
            error={catalogue.isError ? errorMessageOf(catalogue.error) : undefined}
            comboboxProps={{ zIndex: 1000 }}
          />
          {subscriptions.fields.length === 0 ? (
            <Text size="sm" c="dimmed">
              No reminders yet. Pick the tasks this home needs, such as replacing the HVAC filter.
            </Text>
          ) : (
            <Stack gap="xs" role="list" aria-label="Chosen reminders">
              {subscriptions.fields.map((field, index) => {
                const reminder = reminderById.get(field.reminderID);
                const name = reminder?.name ?? 'Reminder';
                const choice = chosen?.[index];
                const due =
                  choice && timeZone
                    ? expectedDueDate(choice, savedProperty, frequencies.data ?? [], today, timeZone)
                    : null;
                const itemErrors = errors.subscriptions?.[index];
                return (
                  <Paper key={field.id} withBorder p="sm" role="listitem" aria-label={name}>
                    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                        <Text fw={600} size="sm">
                          {name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {reminder?.category}
                          {due && timeZone ? ` · next ${formatDueDate(due, timeZone)}` : ''}
                        </Text>
                        {itemErrors?.reminderID?.message ? (
                          <Text size="xs" c="red.9">
                            {itemErrors.reminderID.message}
                          </Text>
                        ) : null}
                      </Stack>
                      <Controller
                        control={form.control}
                        name={`subscriptions.${index}.maintenanceFrequencyID`}
                        render={({ field: frequency }) => (
                          <Select
                            aria-label={`How often: ${name}`}
                            data={frequencyOptions}
                            value={frequency.value || null}
                            onChange={(value) => frequency.onChange(value ?? '')}
                            onBlur={frequency.onBlur}
                            allowDeselect={false}
                            w={{ base: 128, xs: 150 }}
                            error={itemErrors?.maintenanceFrequencyID?.message}
                            comboboxProps={{ zIndex: 1000 }}
                          />
                        )}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`Remove ${name}`}
                        onClick={() => subscriptions.remove(index)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
          )}
          {errors.subscriptions?.message || errors.subscriptions?.root?.message ? (
            <Text size="sm" c="red.9">
              {errors.subscriptions.message ?? errors.subscriptions.root?.message}
            </Text>
          ) : null}
        </Stack>

        <FormFailure message={failure} />
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
