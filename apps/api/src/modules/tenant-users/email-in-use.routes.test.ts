import { expect, it } from 'vitest';
import { describeEachDriver, expectErrors, type TestApp } from '../../test/test-app';
import { emailRefusals, tenantUserMessages } from './tenant-users.service';

const newUser = (email: string) => ({
  email,
  firstName: 'Sam',
  lastName: 'Sample',
  phone: '',
  role: 'Realtor',
  temporaryPassword: 'Sample-Passw0rd!',
});

function addUser(t: TestApp, token: string, email: string) {
  return t.api({ method: 'POST', path: '/admin/user', token, body: newUser(email) });
}

describeEachDriver('an email in use', (t) => {
  it("responds the same whether the email is the own corporation's or another's", async () => {
    const admin = await t.login('admin@acme.test');
    const own = await addUser(t, admin, 'realtor@acme.test');
    const foreign = await addUser(t, admin, 'REALTOR@birch.test');
    expectErrors(own, 409, tenantUserMessages.emailInUse);
    expect(foreign.statusCode).toBe(own.statusCode);
    expect(foreign.body).toBe(own.body);
  });

  it(`is told to one person at most ${emailRefusals.max} times an hour, even when asked all at once`, async () => {
    const admin = await t.login('admin@birch.test');
    const taken = ['admin@acme.test', 'manager@acme.test', 'realtor2@acme.test', 'realtor@birch.test'];
    const responses = await Promise.all(
      Array.from({ length: emailRefusals.max + 10 }, (_, index) =>
        addUser(t, admin, taken[index % taken.length]!),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 409)).toHaveLength(emailRefusals.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expectErrors(
      responses.find((response) => response.statusCode === 429)!,
      429,
      tenantUserMessages.tooManyEmailsInUse(60),
    );
    // Another person is not held back.
    const other = await t.login('admin@acme.test');
    expect((await addUser(t, other, 'free.address@acme.test')).statusCode).toBe(201);
  });
});
