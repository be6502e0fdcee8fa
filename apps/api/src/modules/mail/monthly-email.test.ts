import { describe, expect, it } from 'vitest';
import { monthlyEmail, type MonthlyEmailData, type MonthlyTask } from './monthly-email';

const urls = (id: string): MonthlyTask['replyUrls'] => ({
  done: `https://portal.example/ui/answer/done?token=${id}-done`,
  later: `https://portal.example/ui/answer/later?token=${id}-later`,
  help: `https://portal.example/ui/answer/help?token=${id}-help`,
});
const task = (name: string, overdue: boolean): MonthlyTask => ({
  task: name,
  taskDescription: `How to: ${name}.`,
  taskDetails: [],
  frequencyName: 'Quarterly',
  dueDateText: overdue ? 'Friday, November 20, 2026' : 'next Saturday, December 12',
  overdue,
  address: null,
  replyUrls: urls(name.replace(/\W/g, '')),
});
const data: MonthlyEmailData = {
  brand: { name: 'Acme <Realty>', logoUrl: null, colour: '#5f3dc4' },
  clientFirstName: 'Dana',
  clientLastName: 'Owner',
  monthName: 'December',
  homeAddress: '12 "Elm" Street, Springfield, IL 62704',
  tasks: [
    task('Clean gutters', true),
    task('Replace HVAC filter', false),
    task('Test <smoke> alarms', false),
  ],
  realtor: { name: 'Rita Realtor', email: 'rita@acme.test', phone: null, photoUrl: null },
  unsubscribeUrl: 'https://portal.example/ui/unsubscribe?token=u',
  myHomeUrl: 'https://portal.example/ui/my-home',
  headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
};

describe('the monthly email', () => {
  it('counts the tasks and the overdue ones in its subject', () => {
    expect(monthlyEmail(data).subject).toBe('Your December home maintenance: 3 tasks, 1 overdue');
    expect(monthlyEmail({ ...data, tasks: [task('Clean gutters', false)] }).subject).toBe(
      'Your December home maintenance: 1 task',
    );
  });

  it('gives every task its own three links, in both parts, in the order given', () => {
    const email = monthlyEmail(data);
    for (const one of data.tasks)
      for (const url of Object.values(one.replyUrls)) {
        expect(email.html).toContain(`href="${url}"`);
        expect(email.text).toContain(url);
      }
    const positions = data.tasks.map((one) => email.text.indexOf(one.task));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(email.text).toContain('OVERDUE: Clean gutters');
    expect(email.text).toContain('Was due Friday, November 20, 2026 (Quarterly)');
    expect(email.html).toContain('>Overdue</p>');
  });

  it('escapes values, names the home once or each task its home, and offers the choice and the unsubscribe', () => {
    const email = monthlyEmail(data);
    expect(email.html).toContain('Test &#60;smoke&#62; alarms');
    expect(email.html).toContain('12 &#34;Elm&#34; Street');
    expect(email.html).toContain('href="https://portal.example/ui/my-home"');
    expect(email.text).toContain('Unsubscribe: https://portal.example/ui/unsubscribe?token=u');
    expect(email.headers).toEqual(data.headers);
    const twoHomes = monthlyEmail({
      ...data,
      homeAddress: null,
      tasks: [{ ...task('Clean gutters', false), address: '1 Lake Road, Springfield, IL 62704' }],
    });
    expect(twoHomes.text).toContain('Here is what your homes need this month.');
    expect(twoHomes.text).toContain('Clean gutters\n1 Lake Road, Springfield, IL 62704');
  });
});
