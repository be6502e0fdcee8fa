/**
 * A corporation's email colour: its administrators set it with the site settings, the details
 * show it, a malformed colour is refused, and the corporation's next email wears it.
 */
import { expect, it } from 'vitest';
import { adminMessages, type CorporationDetails } from '@homeminder/shared/contracts/admin';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { askForReset, outboxFor } from '../../test/outbox';
import { describeEachDriver, expectErrors, signInBeforeAll } from '../../test/test-app';

const site = {
  siteName: 'Acme Realty Home Care',
  siteUrl: 'https://acme.example',
  contactEmail: 'office@acme.example',
  contactPhone: '(555) 010-2000',
  timeZone: 'America/New_York',
};

describeEachDriver('the email colour of a corporation', (t) => {
  const token = signInBeforeAll(t, ['admin@acme.test']);
  const saveSite = (body: object) =>
    t.api({
      method: 'POST',
      path: `/corporation/settings/tenantSite/${ACME_TENANT_ID}`,
      body,
      token: token('admin@acme.test'),
    });

  it('is refused unless it is # and six hexadecimal digits', async () => {
    for (const brandColour of ['blue', '#12345', '#12345g', '1864ab']) {
      expectErrors(await saveSite({ ...site, brandColour }), 400, adminMessages.brandColourInvalid);
    }
  });

  it('is kept in lower case, shown with the details, and worn by the next email', async () => {
    const saved = await saveSite({ ...site, brandColour: ' #5F3DC4 ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CorporationDetails>().brandColour).toBe('#5f3dc4');

    await askForReset(t, 'manager@acme.test');
    const [mail] = await outboxFor(t, 'manager@acme.test');
    expect(mail!.html).toContain('border-bottom:3px solid #5f3dc4');
    expect(mail!.html).toContain('Acme Realty Home Care');

    // Blank again: the default colour.
    const cleared = await saveSite({ ...site, brandColour: '' });
    expect(cleared.json<CorporationDetails>().brandColour).toBeNull();
  });
});
