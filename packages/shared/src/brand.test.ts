import { describe, expect, it } from 'vitest';
import { brandName, brandedTitle } from './brand';
import { PRODUCT_NAME } from './constants';

describe('the one brand name', () => {
  it.each([
    [{ siteName: 'Acme Homes Online', name: 'Acme Realty' }, 'Acme Homes Online'],
    [{ siteName: ' Acme Homes ', name: 'Acme Realty' }, 'Acme Homes'],
    [{ siteName: null, name: 'Acme Realty' }, 'Acme Realty'],
    [{ siteName: '   ', name: 'Acme Realty' }, 'Acme Realty'],
    [{ siteName: '', name: '' }, PRODUCT_NAME],
    [null, PRODUCT_NAME],
  ])('of %j is "%s"', (corporation, name) => {
    expect(brandName(corporation)).toBe(name);
  });

  it('leads every tab title', () => {
    expect(brandedTitle('My Home', 'Acme Homes')).toBe('Acme Homes - My Home');
    expect(brandedTitle(undefined, 'Acme Homes')).toBe('Acme Homes');
    expect(brandedTitle('Clients')).toBe(`${PRODUCT_NAME} - Clients`);
  });
});
