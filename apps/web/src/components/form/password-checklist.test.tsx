import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { passwordRequirements } from '@homeminder/shared/validation/rules';
import { renderScreen } from '../../test/render';
import { PasswordChecklist } from './password-checklist';

const states = () =>
  within(screen.getByRole('list', { name: 'Password requirements' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.endsWith('(done)'));

describe('PasswordChecklist', () => {
  it('ticks nothing while nothing is typed, not even the rules that only forbid', () => {
    renderScreen(() => <PasswordChecklist value="" />);
    expect(states()).toEqual(passwordRequirements.map(() => false));
  });

  it('ticks every rule a good password meets', () => {
    renderScreen(() => <PasswordChecklist value="Demo-Passw0rd!" />);
    expect(states()).toEqual(passwordRequirements.map(() => true));
  });
});
