import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { SelectAfterPaint } from './select-after-paint';

const realtors = ['All realtors', 'Rita Realtor', 'Ray Reyes'];
/** The select's list of options, in the page whether open or closed. */
const optionList = () => document.querySelector('[role="listbox"]');
const renderSelect = () =>
  render(
    <MantineProvider theme={theme}>
      <SelectAfterPaint label="Realtor" data={realtors} defaultValue="All realtors" />
    </MantineProvider>,
  );

describe('SelectAfterPaint', () => {
  it('draws a plain select of the same label and choice at first, and the searchable one once the page has painted', async () => {
    renderSelect();
    const standIn = screen.getByRole('combobox', { name: 'Realtor' });
    expect(standIn).toBeInstanceOf(HTMLSelectElement);
    expect((standIn as HTMLSelectElement).value).toBe('All realtors');
    expect(optionList()).toBeNull();
    await waitFor(() => expect(optionList()).not.toBeNull());
    expect(document.querySelector('select')).toBeNull();
  });

  it('is then a Select like any other: opened, moved through and chosen from by keyboard', async () => {
    const user = userEvent.setup();
    renderSelect();
    await waitFor(() => expect(optionList()).not.toBeNull());
    // The list is labelled by the field's label too.
    const field = screen
      .getAllByLabelText('Realtor')
      .find((element): element is HTMLInputElement => element instanceof HTMLInputElement)!;
    await user.click(field);
    expect(field.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(field.value).toBe('Ray Reyes');
  });
});
