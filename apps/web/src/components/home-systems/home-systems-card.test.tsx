import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { labelPhotoMessages } from '@homeminder/shared/contracts/home-system-files';
import {
  homeSystemDetails,
  type HomeSystem,
  type HomeSystemValues,
} from '@homeminder/shared/contracts/home-systems';
import { testHomeSystem } from '../../test/home-system';
import { renderWithProviders } from '../../test/render';
import { HomeSystemsCard } from './home-systems-card';
import type { SystemFileCalls } from './system-file-calls';

const today = new Date('2026-11-30T12:00:00Z');
const photo = 'data:image/png;base64,iVBORw0KGgo=';

/** The card over systems kept in memory, as the page's query and calls keep them. */
function KeptCard({
  save,
  start = [],
  files = {},
}: {
  save: (change: { id?: string; values: HomeSystemValues }) => Promise<void>;
  start?: HomeSystem[];
  files?: Partial<SystemFileCalls>;
}) {
  const [items, setItems] = useState<HomeSystem[]>(start);
  const keep = async (id: string, change: Partial<HomeSystem>) => {
    const kept = { ...items.find((item) => item.id === id)!, ...change };
    setItems((before) => before.map((item) => (item.id === id ? kept : item)));
    return kept;
  };
  return (
    <HomeSystemsCard
      calls={{
        systems: { data: { items }, isPending: false, error: null, refetch: () => undefined },
        save: async (change) => {
          await save(change);
          const before = items.find((item) => item.id === change.id);
          const kept: HomeSystem = {
            label: null,
            manual: null,
            ...before,
            ...change.values,
            id: change.id ?? `system-${items.length + 1}`,
            updatedAt: today.toISOString(),
          };
          setItems((all) =>
            change.id ? all.map((item) => (item.id === change.id ? kept : item)) : [...all, kept],
          );
        },
        remove: async (id) => setItems((before) => before.filter((item) => item.id !== id)),
        files: {
          readLabel: async () => photo,
          downloadManual: async () => undefined,
          send: ({ systemId, kind, file }) =>
            keep(
              systemId,
              kind === 'label'
                ? { label: { uploadedAt: today.toISOString() } }
                : { manual: { name: file.name, uploadedAt: today.toISOString() } },
            ),
          remove: ({ systemId, kind }) => keep(systemId, { [kind]: null }),
          ...files,
        },
      }}
      audience="homeowner"
      headingOrder={3}
      today={today}
    />
  );
}

const furnace = testHomeSystem({
  id: 'furnace-1',
  kind: 'heating',
  type: 'gasFurnace',
  installedYear: 2020,
  updatedAt: today.toISOString(),
  label: { uploadedAt: today.toISOString() },
  manual: { name: 'Furnace manual.pdf', uploadedAt: today.toISOString() },
});

describe("a home's systems card", () => {
  it('adds a furnace with what is known of it, checked by the shared rules, then changes and removes it', async () => {
    const save = vi.fn(async (_change: { id?: string; values: HomeSystemValues }) => undefined);
    renderWithProviders(<KeptCard save={save} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a system or appliance' }));

    const form = screen.getByRole('form', { name: 'Add a system or appliance' });
    await user.click(within(form).getByRole('radio', { name: 'Gas furnace' }));
    await user.type(within(form).getByRole('textbox', { name: 'Year installed' }), '2009');
    const filter = within(form).getByRole('textbox', { name: homeSystemDetails.filterSize.label });
    await user.type(filter, 'big');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText(homeSystemDetails.filterSize.message)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    await user.clear(filter);
    await user.type(filter, '16 x 25 x 1');
    await user.type(within(form).getByRole('textbox', { name: 'Brand' }), 'Carrier');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    const card = await screen.findByRole('region', { name: 'Your systems and appliances' });
    expect(save.mock.lastCall?.[0]).toMatchObject({
      id: undefined,
      values: {
        kind: 'heating',
        type: 'gasFurnace',
        installedYear: 2009,
        installedMonth: null,
        brand: 'Carrier',
        filterSize: '16x25x1',
        capacity: null,
      },
    });
    expect(within(card).getByText('Heating (Gas furnace)')).toBeTruthy();
    expect(
      within(card).getByText('Installed 2009, 17 years ago · Carrier · filter size 16x25x1'),
    ).toBeTruthy();
    // A furnace of 2009 nears the end of its typical life: said with what to do.
    expect(
      within(card).getByText(
        'Your gas furnace is 17 years old; gas furnaces usually last 15 to 20 years: have it checked, and start planning for a replacement.',
      ),
    ).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Change heating (gas furnace)' }));
    const change = screen.getByRole('form', { name: 'Change heating (gas furnace)' });
    await user.click(within(change).getByRole('radio', { name: 'Heat pump' }));
    await user.click(within(change).getByRole('button', { name: 'Save' }));
    expect(save.mock.lastCall?.[0]).toMatchObject({ id: 'system-1', values: { type: 'heatPump' } });
    const changed = await screen.findByRole('region', { name: 'Your systems and appliances' });
    expect(within(changed).getByText('Heating (Heat pump)')).toBeTruthy();

    await user.click(within(changed).getByRole('button', { name: 'Change heating (heat pump)' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Remove' }));
    const emptied = await screen.findByRole('region', { name: 'Your systems and appliances' });
    expect(within(emptied).queryByText('Heating (Heat pump)')).toBeNull();
  });

  it('asks only the details of the kind chosen, and starts another kind "not sure"', async () => {
    renderWithProviders(<KeptCard save={async () => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a system or appliance' }));
    const form = screen.getByRole('form', { name: 'Add a system or appliance' });
    expect(within(form).getByRole('textbox', { name: homeSystemDetails.filterSize.label })).toBeTruthy();
    await user.click(within(form).getByRole('combobox', { name: 'What is it?' }));
    await user.click(await screen.findByRole('option', { name: 'Water heater', hidden: true }));
    expect(within(form).queryByRole('textbox', { name: homeSystemDetails.filterSize.label })).toBeNull();
    expect(within(form).getByRole('textbox', { name: homeSystemDetails.capacity.label })).toBeTruthy();
    expect(within(form).getByRole('radio', { name: 'Not sure' })).toHaveProperty('checked', true);
  });

  it("shows the label's photo, larger when asked, and the manual to save", async () => {
    const downloadManual = vi.fn(async () => undefined);
    renderWithProviders(
      <KeptCard save={async () => undefined} start={[furnace]} files={{ downloadManual }} />,
    );
    const user = userEvent.setup();
    const card = screen.getByRole('region', { name: 'Your systems and appliances' });
    const thumbnail = await within(card).findByRole('img', { name: 'Label of heating (gas furnace)' });
    expect(thumbnail.getAttribute('src')).toBe(photo);
    await user.click(
      within(card).getByRole('button', { name: 'Show the label of heating (gas furnace) larger' }),
    );
    const larger = await screen.findByRole('dialog', { name: 'Label of heating (gas furnace)' });
    expect(within(larger).getByRole('img', { name: 'Label of heating (gas furnace)' })).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(within(card).getByRole('button', { name: 'Manual' }));
    expect(downloadManual).toHaveBeenCalledWith('furnace-1', 'Furnace manual.pdf');
  });

  it('adds, replaces and removes the photo and the manual from the form, refusing what is not an image', async () => {
    renderWithProviders(
      <KeptCard save={async () => undefined} start={[{ ...furnace, label: null, manual: null }]} />,
    );
    const user = userEvent.setup({ applyAccept: false });
    const card = screen.getByRole('region', { name: 'Your systems and appliances' });
    expect(within(card).queryByRole('button', { name: 'Manual' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Change heating (gas furnace)' }));
    const files = screen.getByRole('region', { name: 'Label photo and manual' });
    const inputs = () => files.querySelectorAll<HTMLInputElement>('input[type="file"]');

    await user.upload(inputs()[0]!, new File(['text'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(files).findByText(labelPhotoMessages.wrongType)).toBeTruthy();
    expect(within(files).getByRole('button', { name: 'Add label photo' })).toBeTruthy();

    await user.upload(inputs()[0]!, new File(['png'], 'label.png', { type: 'image/png' }));
    expect(await within(files).findByRole('button', { name: 'Replace photo' })).toBeTruthy();
    expect(await within(files).findByRole('img', { name: 'Label of heating (gas furnace)' })).toBeTruthy();
    await user.upload(inputs()[1]!, new File(['%PDF-'], 'Furnace.pdf', { type: 'application/pdf' }));
    expect(await within(files).findByRole('button', { name: 'Replace manual' })).toBeTruthy();
    expect(within(files).getByText('Furnace.pdf')).toBeTruthy();

    await user.click(within(files).getByRole('button', { name: 'Remove photo' }));
    expect(await within(files).findByRole('button', { name: 'Add label photo' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const after = await screen.findByRole('region', { name: 'Your systems and appliances' });
    expect(within(after).queryByRole('img')).toBeNull();
    expect(within(after).getByRole('button', { name: 'Manual' })).toBeTruthy();
  });

  it('keeps the focus where the keyboard is: on the form as it opens, on the section as it closes', async () => {
    renderWithProviders(<KeptCard save={async () => undefined} start={[furnace]} />);
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Add a system or appliance' }).focus();
    await user.keyboard('{Enter}');
    const form = screen.getByRole('form', { name: 'Add a system or appliance' });
    expect(document.activeElement).toBe(
      within(form).getByRole('heading', { name: 'Add a system or appliance' }),
    );

    within(form).getByRole('button', { name: 'Cancel' }).focus();
    await user.keyboard('{Enter}');
    const card = await screen.findByRole('region', { name: 'Your systems and appliances' });
    expect(document.activeElement).toBe(card);
    // From the section, the next Tab goes on inside it, not from the start of the page.
    await user.tab();
    expect(document.activeElement).not.toBe(card);
    expect(card.contains(document.activeElement)).toBe(true);

    // "Remove …?" is asked in place of Remove: "Keep it" has the focus, and gives it back to Remove.
    within(card)
      .getByRole('button', { name: /^Change heating/ })
      .focus();
    await user.keyboard('{Enter}');
    const change = screen.getByRole('form', { name: /^Change heating/ });
    within(change).getByRole('button', { name: 'Remove' }).focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(
      within(screen.getByRole('alert')).getByRole('button', { name: 'Keep it' }),
    );
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(within(change).getByRole('button', { name: 'Remove' }));
  });
});
