import { clientMessages, type ClientDetail, type ClientSetup } from '@homeminder/shared/contracts/clients';
import type { ClientUserUpdate } from '@homeminder/shared/contracts/client-user-form';
import { perClientOwnField } from '@homeminder/shared/contracts/client-fields';
import { messages } from '@homeminder/shared/validation/messages';
import { BadRequestError, NotFoundError } from '../../lib/errors';

/**
 * The set-up item the client-user form of the set-up call stands for: the client's new names and
 * the whole reminder list of their property, with everything else as the client has it now. The
 * property is the client's only one, or the one `propertyId` names (docs/decisions/052).
 */
export function setupOfClientUser(client: ClientDetail, input: ClientUserUpdate): ClientSetup {
  const wanted = input.propertyId?.toLowerCase();
  const property = wanted
    ? client.properties.find((candidate) => candidate.id === wanted)
    : client.properties.length === 1
      ? client.properties[0]
      : undefined;
  if (!property) {
    if (wanted) throw new NotFoundError(messages.unableProperty);
    throw new BadRequestError(
      client.properties.length === 0 ? clientMessages.noPropertyYet : clientMessages.propertyToChange,
    );
  }
  return {
    tenantUserID: client.id,
    realtorID: client.realtorId ?? undefined,
    // Every field the client keeps stays as it is (an empty optional one left out), but the names.
    clientUser: {
      ...(perClientOwnField((name) => client[name] ?? undefined) as ClientSetup['clientUser']),
      firstName: input.firstName,
      lastName: input.lastName,
    },
    property: {
      line: property.addressLine,
      city: property.city,
      state: property.state,
      zip: property.zip,
      propertyId: property.id,
      pending: property.pending,
    },
    subscriptions: input.subscriptions,
  };
}
