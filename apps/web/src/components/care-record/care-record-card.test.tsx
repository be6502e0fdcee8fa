import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  careRecordLabels as labels,
  careRecordMessages,
  type CareEntry,
} from '@homeminder/shared/contracts/care-record';
import { testHomeSystem } from '../../test/home-system';
import { renderWithProviders } from '../../test/render';
import { CareRecordCard } from './care-record-card';
import type { CareRecordCalls } from './care-record-calls';

const heater = testHomeSystem({
  id: '0b3c6a56-5d8c-4b55-9c1e-7b4f1d2e3a40',
  kind: 'waterHeater',
  type: 'tankGas',
  installedYear: 2010,
  updatedAt: '2026-11-30T12:00:00.000Z',
});

const entry = (values: Partial<CareEntry>): CareEntry => ({
  id: 'entry-1',
  title: 'Replace HVAC filter',
  doneOn: '2026-11-02',
  systemId: null,
  systemTitle: null,
  doneBy: 'self',
  proName: null,
  proPhone: null,
  cost: null,
  note: null,
  replacesSystem: false,
  fromReminder: true,
  files: [],
  createdAt: '2026-11-02T15:00:00.000Z',
  ...values,
});

const items = [
  entry({ id: 'a', doneBy: 'pro', proName: 'Rivera Heating', proPhone: '5552013344', cost: 185.5 }),
  entry({
    id: 'b',
    title: 'Replaced the water heater',
    doneOn: '2026-06-01',
    systemId: heater.id,
    systemTitle: 'Water heater (Tank, gas)',
    cost: 2400,
    replacesSystem: true,
    fromReminder: false,
  }),
  entry({ id: 'c', title: 'Gutters cleaned', doneOn: '2025-10-20', cost: 99.75, fromReminder: false }),
];

function calls(overrides: Partial<CareRecordCalls> = {}): CareRecordCalls {
  return {
    record: {
      data: { items, costByYear: [], today: '2026-11-30' },
      isPending: false,
      error: null,
      refetch: () => undefined,
    },
    save: vi.fn(async () => entry({ id: 'new' })),
    remove: vi.fn(async () => undefined),
    addFile: vi.fn(async () => items[0]!),
    removeFile: vi.fn(async () => items[0]!),
    readPhoto: vi.fn(async () => 'data:image/png;base64,iVBORw0KGgo='),
    download: vi.fn(async () => undefined),
    downloadReport: vi.fn(async () => undefined),
    ...overrides,
  };
}

describe('CareRecordCard', () => {
  it('lists the work newest first with who did it and its cost, and sums each year', () => {
    renderWithProviders(
      <CareRecordCard calls={calls()} systems={[heater]} audience="homeowner" headingOrder={3} />,
    );
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/Replace|Gutters/).textContent)).toEqual([
      'Replace HVAC filter',
      'Replaced the water heater',
      'Gutters cleaned',
    ]);
    expect(rows[0]?.textContent).toContain('Monday, November 2, 2026 · By Rivera Heating · (555) 201-3344');
    expect(rows[0]?.textContent).toContain('$185.50');
    expect(rows[2]?.textContent).toContain('Done yourselves');
    const years = screen.getByLabelText('Cost by year');
    expect(
      within(years)
        .getAllByRole('definition')
        .map((year) => year.textContent),
    ).toEqual(['$2,585.502 entries', '$99.751 entry']);
  });

  it('shows the work of one system when chosen', async () => {
    renderWithProviders(
      <CareRecordCard calls={calls()} systems={[heater]} audience="staff" headingOrder={4} />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Show' }));
    await userEvent.click(
      await screen.findByRole('option', { name: 'Water heater (Tank, gas)', hidden: true }),
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('listitem')?.textContent).toContain(
      '01JUN2026 · Water heater (Tank, gas) · Done by the homeowner',
    );
  });

  it('records work with the rules of the server, a professional named making it theirs', async () => {
    const save = vi.fn(async () => entry({ id: 'new' }));
    renderWithProviders(
      <CareRecordCard calls={calls({ save })} systems={[heater]} audience="homeowner" headingOrder={3} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Record work' }));
    const form = screen.getByRole('form', { name: 'Record work on the home' });
    await userEvent.type(within(form).getByRole('textbox', { name: labels.cost }), '12.345');
    await userEvent.click(within(form).getByRole('button', { name: 'Save to the record' }));
    expect(await within(form).findByText(careRecordMessages.titleRequired)).toBeTruthy();
    expect(within(form).getByText(careRecordMessages.costInvalid)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    await userEvent.type(within(form).getByRole('textbox', { name: labels.title }), 'New roof');
    await userEvent.clear(within(form).getByRole('textbox', { name: labels.cost }));
    await userEvent.type(within(form).getByRole('textbox', { name: labels.cost }), '$9,800');
    await userEvent.type(within(form).getByRole('textbox', { name: labels.proName }), 'Summit Roofing');
    await userEvent.click(within(form).getByRole('button', { name: 'Save to the record' }));
    expect(save).toHaveBeenCalledTimes(1);
    const [[sent]] = save.mock.calls as unknown as [[{ id?: string; values: Record<string, unknown> }]];
    expect(sent.id).toBeUndefined();
    expect(sent.values).toMatchObject({
      title: 'New roof',
      doneOn: '2026-11-30',
      doneBy: 'pro',
      proName: 'Summit Roofing',
      cost: 9800,
    });
  });

  it("removes work recorded by hand after asking, and keeps a reminder's", async () => {
    const remove = vi.fn(async () => undefined);
    renderWithProviders(
      <CareRecordCard calls={calls({ remove })} systems={[]} audience="homeowner" headingOrder={3} />,
    );
    const [fromReminder, , byHand] = screen.getAllByRole('listitem');
    expect(within(fromReminder!).queryByRole('button', { name: 'Remove' })).toBeNull();
    await userEvent.click(within(byHand!).getByRole('button', { name: 'Remove' }));
    await userEvent.click(within(byHand!).getByRole('button', { name: 'Remove' }));
    expect(remove).toHaveBeenCalledWith('c');
  });

  it('asks in place with the focus on "Keep it", and gives the focus back to the entry kept', async () => {
    const remove = vi.fn(async () => undefined);
    renderWithProviders(
      <CareRecordCard calls={calls({ remove })} systems={[]} audience="homeowner" headingOrder={3} />,
    );
    const byHand = screen.getAllByRole('listitem')[2]!;
    within(byHand).getByRole('button', { name: 'Remove' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(within(byHand).getByText('Remove this entry?')).toBeTruthy();
    expect(document.activeElement).toBe(within(byHand).getByRole('button', { name: 'Keep it' }));
    await userEvent.keyboard('{Enter}');
    expect(within(byHand).queryByText('Remove this entry?')).toBeNull();
    expect(document.activeElement).toBe(byHand);
    expect(remove).not.toHaveBeenCalled();
  });
});
