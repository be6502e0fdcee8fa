import { TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { renderWithProviders } from '../../test/render';
import { bindFields } from './field';
import { useCheckedForm } from './use-checked-form';

const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  address: z.object({ city: z.string().min(3, 'City is too short') }),
});
type Values = z.input<typeof schema>;

function TwoFields({ onValid }: { onValid: (values: Values) => void }) {
  const form = useCheckedForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', address: { city: '' } },
  });
  const field = bindFields(form);
  return (
    <form onSubmit={(event) => void form.handleSubmit(onValid)(event)} noValidate>
      <TextInput label="Name" {...field('name')} />
      <TextInput label="City" {...field('address.city')} />
      <button type="submit">Save</button>
    </form>
  );
}

const invalid = (label: string) => screen.getByLabelText(label).getAttribute('aria-invalid') === 'true';

describe('useCheckedForm', () => {
  it('says nothing of a field left empty, checks one left filled in, and every field on submit', async () => {
    const onValid = vi.fn();
    renderWithProviders(<TwoFields onValid={onValid} />);
    const user = userEvent.setup();

    // Tab through the empty name; a value that breaks a rule is told as the person leaves the field.
    await user.click(screen.getByLabelText('Name'));
    await user.tab();
    await user.type(screen.getByLabelText('City'), 'Xy');
    await user.tab();
    expect(await screen.findByText('City is too short')).toBeTruthy();
    // The name, left empty, says nothing and is not marked invalid.
    expect(invalid('Name')).toBe(false);
    expect(screen.queryByText('Name is required')).toBeNull();

    // A submit asks for the empty field too, and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(invalid('Name')).toBe(true));
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();

    // After the submit, emptying a field again says so at once.
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await waitFor(() => expect(invalid('Name')).toBe(false));
    await user.clear(screen.getByLabelText('Name'));
    await waitFor(() => expect(invalid('Name')).toBe(true));
  });
});
