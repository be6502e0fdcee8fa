import '@mantine/core/styles/Divider.css';
import { Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import type { ClientDetail, PropertyDetail } from '@homeminder/shared/contracts/clients';
import { RecordActionButton } from '../../../components/record-action-button';
import { useTogglePropertyMutation } from '../api';
import { PropertyProfile } from './property-profile';
import { PropertyPlan } from './property-plan';
import { PropertySystems } from './property-systems';
import { PropertyRecord } from './property-record';
import { PropertySale } from './property-sale';
import { HealthCard } from '../../../components/home-health/health-card';
import { usePropertyHealth } from '../home-api';
import { type NotSent, PropertyReminders } from './property-reminders';
import { SaleClosedButton } from './sale-closed-button';
import { StatusBadge } from './status-badge';
import { ServerErrorAlert } from '../../../components/form/server-error-alert';

/**
 * Why a property's reminders will not go out, if they will not: no date may then show as coming.
 * The client unsubscribed (decision 043), the property is disabled, or it is still pending set-up.
 */
function remindersNotSent(
  client: Pick<ClientDetail, 'unsubscribedAt'>,
  property: Pick<PropertyDetail, 'enabled' | 'pending'>,
): NotSent | null {
  if (client.unsubscribedAt)
    return { date: 'Stopped', hint: 'not sent', summary: 'none sent while unsubscribed' };
  if (!property.enabled) return { date: 'Disabled', hint: 'not sent', summary: 'none sent while disabled' };
  if (property.pending)
    return { date: 'Not started', hint: 'starts once confirmed', summary: 'none sent until confirmed' };
  return null;
}

export function PropertyCard({
  client,
  property,
  onEdit,
}: {
  client: ClientDetail;
  property: PropertyDetail;
  /** A client with several properties edits each from its own card. */
  onEdit?: (() => void) | undefined;
}) {
  const toggle = useTogglePropertyMutation();
  const health = usePropertyHealth(property.id);
  const address = `${property.addressLine}, ${property.city}, ${property.state} ${property.zip}`;
  const notSent = remindersNotSent(client, property);

  function setEnabled(enable: boolean) {
    toggle.mutate(
      { propertyId: property.id, tenantId: property.tenantId, enable },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            title: enable ? 'Property enabled' : 'Property disabled',
            message: enable
              ? `Reminders for ${property.addressLine} are on again.`
              : `No reminders go out for ${property.addressLine} until it is enabled again.`,
          }),
      },
    );
  }

  return (
    <Paper withBorder p="md" component="section" aria-label={`Property ${property.addressLine}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>{property.addressLine}</Text>
            <Text size="sm" c="dimmed">
              {property.city}, {property.state} {property.zip}
            </Text>
          </Stack>
          <Group gap="xs">
            <StatusBadge status={property.status} />
            {onEdit ? (
              <RecordActionButton
                icon={IconEdit}
                action="Edit"
                record={address}
                variant="default"
                onClick={onEdit}
              />
            ) : null}
            {/* A quiet button disables the property; a coloured one enables it again. */}
            <RecordActionButton
              icon={property.enabled ? IconPlayerPause : IconPlayerPlay}
              action={property.enabled ? 'Disable' : 'Enable'}
              record={address}
              {...(property.enabled ? { variant: 'default' } : { color: 'teal.9' })}
              loading={toggle.isPending}
              onClick={() => setEnabled(!property.enabled)}
            />
          </Group>
        </Group>
        <ServerErrorAlert
          error={toggle.error}
          title={`The property could not be ${toggle.variables?.enable ? 'enabled' : 'disabled'}`}
        />
        {property.pending ? (
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" c="#6b4e00">
              Pending: reminders start once the sale closes.
            </Text>
            {property.enabled ? <SaleClosedButton client={client} property={property} /> : null}
          </Group>
        ) : (
          <PropertySale propertyId={property.id} address={address} />
        )}
        <Divider />
        <PropertyReminders
          client={client}
          property={property}
          notSent={notSent}
          withTexts={client.properties[0]?.id === property.id}
        />
        <Divider />
        <HealthCard health={health} audience="staff" headingOrder={4} />
        <Divider />
        <PropertyProfile propertyId={property.id} />
        <Divider />
        <PropertySystems propertyId={property.id} />
        <Divider />
        <PropertyRecord propertyId={property.id} />
        <Divider />
        <PropertyPlan propertyId={property.id} />
      </Stack>
    </Paper>
  );
}
