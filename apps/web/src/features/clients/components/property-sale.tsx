import { useState } from 'react';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHomeShare } from '@tabler/icons-react';
import {
  buyerText,
  homeSaleInputSchema,
  homeSaleLabels as labels,
  type HomeSale,
  type HomeSaleAnswer,
  type HomeSaleInput,
} from '@homeminder/shared/contracts/home-sale';
import { formatDayInWords } from '@homeminder/shared/due-date';
import { localDateOf, localDateText } from '@homeminder/shared/schedule';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { bindFields } from '../../../components/form/field';
import { SelectField } from '../../../components/form/select-field';
import { ServerErrorAlert } from '../../../components/form/server-error-alert';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { useRulesForm } from '../../../components/form/use-rules-form';
import { useCorporationTimeZone } from '../../../lib/corporation-time-zone';
import { usePropertySale, useSavePropertySale, useUndoPropertySale } from '../home-api';

const startingValues = (sale: HomeSale | null): HomeSaleInput => ({
  closingOn: sale?.closingOn ?? '',
  buyerFirstName: sale?.buyerFirstName ?? '',
  buyerLastName: sale?.buyerLastName ?? '',
  buyerEmail: sale?.buyerEmail ?? '',
  buyerRealtorId: sale?.buyerRealtorId ?? null,
});

/** The sale's dialog: its closing date, the buyer and the buyer's realtor. */
function SaleForm({
  propertyId,
  address,
  sale,
  realtors,
  onClose,
}: {
  propertyId: string;
  address: string;
  sale: HomeSale | null;
  realtors: HomeSaleAnswer['realtors'];
  onClose: () => void;
}) {
  const form = useRulesForm(homeSaleInputSchema, startingValues(sale));
  const save = useSavePropertySale(propertyId);
  const timeZone = useCorporationTimeZone();
  const today = timeZone ? localDateText(localDateOf(new Date(), timeZone)) : undefined;
  const { failure, onSubmit } = useFormSubmit(form, async (values) => {
    const saved = await save.mutateAsync(values);
    notifications.show({ color: 'teal', message: saved.message, autoClose: 8000 });
    onClose();
  });
  const { isSubmitting } = form.formState;
  const field = bindFields(form);
  const realtorOptions = realtors.map((realtor) => ({ value: realtor.id, label: realtor.name }));

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Sale of ${address}`}>
      <Stack gap="md">
        <Text size="sm">
          On the closing date the home, its profile, systems, documents and care record pass to the buyer, who
          is invited by email. The seller gets the home report and stops getting this home&apos;s reminders.
        </Text>
        <TextInput
          type="date"
          label={labels.closingOn}
          required
          min={today}
          maw={220}
          {...field('closingOn')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={labels.buyerFirstName} required autoComplete="off" {...field('buyerFirstName')} />
          <TextInput label={labels.buyerLastName} required autoComplete="off" {...field('buyerLastName')} />
        </SimpleGrid>
        <TextInput
          type="email"
          label={labels.buyerEmail}
          required
          autoComplete="off"
          {...field('buyerEmail')}
        />
        <SelectField
          control={form.control}
          name="buyerRealtorId"
          nullable
          label={labels.buyerRealtorId}
          description="Becomes the home's realtor. With none, the seller's realtor keeps it."
          placeholder="None in our corporation"
          data={realtorOptions}
          searchable
          clearable
          nothingFoundMessage="No realtor of that name"
        />
        <ServerErrorAlert error={failure} title="The sale could not be saved" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} color="violet.8">
            {sale ? 'Save sale' : 'Mark as sold'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A home's sale in the client's details (docs/decisions/096): "Mark as sold" opens the dialog;
 * once marked, the closing date and buyer show, with the sale's change and undo until it closes.
 */
export function PropertySale({ propertyId, address }: { propertyId: string; address: string }) {
  const sale = usePropertySale(propertyId);
  const undo = useUndoPropertySale(propertyId);
  const [editing, setEditing] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const open = sale.data?.sale ?? null;

  async function undoSale() {
    try {
      const done = await undo.mutateAsync();
      notifications.show({ color: 'teal', message: done.message, autoClose: 8000 });
      setUndoing(false);
    } catch {
      // The dialog shows the refusal.
    }
  }

  return (
    <>
      {open ? (
        <Alert
          color="violet"
          variant="light"
          icon={<IconHomeShare aria-hidden />}
          title={`Sold: passes to its buyer on ${formatDayInWords(open.closingOn)}`}
        >
          <Stack gap="xs">
            <Text size="sm">
              Buyer: {buyerText(open)}
              {open.buyerRealtorName ? ` · ${labels.buyerRealtorId}: ${open.buyerRealtorName}` : ''}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setEditing(true)}>
                Change sale
              </Button>
              <Button size="xs" variant="default" onClick={() => setUndoing(true)}>
                Undo the sale
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : sale.isSuccess ? (
        <Group justify="flex-end">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconHomeShare size={14} aria-hidden />}
            onClick={() => setEditing(true)}
            aria-label={`Mark ${address} as sold`}
          >
            Mark as sold
          </Button>
        </Group>
      ) : null}
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title={open ? `Change the sale of ${address}` : `Mark ${address} as sold`}
        centered
      >
        <SaleForm
          propertyId={propertyId}
          address={address}
          sale={open}
          realtors={sale.data?.realtors ?? []}
          onClose={() => setEditing(false)}
        />
      </Modal>
      <ConfirmDialog
        opened={undoing}
        title={`Undo the sale of ${address}?`}
        confirmLabel="Undo the sale"
        mutation={undo}
        onConfirm={() => void undoSale()}
        onCancel={() => setUndoing(false)}
      >
        The home stays with its owner, with its reminders and record as they are. Nothing goes to the buyer.
      </ConfirmDialog>
    </>
  );
}
