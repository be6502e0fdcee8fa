import { describe, expect, it } from 'vitest';
import {
  defaultGridState,
  gridParamsOf,
  nextSort,
  parseGridParams,
  rowsPerPage,
  updateGridState,
} from '../../../components/data-grid';
import type { ClientSortColumn } from '@homeminder/shared/contracts/clients';
import { clientGridConfig, gridQueryOf, type ClientGridState } from './client-grid-query';

const realtorId = '0a0a0a0a-0000-4000-8000-00000000beef';
const parse = (search: string) => parseGridParams(clientGridConfig, new URLSearchParams(search));
const defaults: ClientGridState = defaultGridState(clientGridConfig);
const toParams = (state: ClientGridState) => gridParamsOf(clientGridConfig, state);

describe('the client grid in the address bar', () => {
  it('gives the defaults for a plain visit', () => {
    expect(parse('')).toEqual(defaults);
    expect(defaults).toEqual({
      page: 1,
      pageSize: '10',
      sort: null,
      search: '',
      filters: { status: null, realtor: null, activity: null, attention: null, systems: null, health: null },
    });
  });

  it('reads every part', () => {
    expect(
      parse(`page=3&size=25&sort=email:desc&q=%20maple%20&status=pending&realtor=${realtorId.toUpperCase()}`),
    ).toEqual({
      page: 3,
      pageSize: '25',
      sort: { column: 'email', dir: 'desc' },
      search: 'maple',
      filters: {
        status: 'pending',
        realtor: realtorId,
        activity: null,
        attention: null,
        systems: null,
        health: null,
      },
    });
    expect(parse('size=ALL&sort=nextDueAt').sort).toEqual({ column: 'nextDueAt', dir: 'asc' });
    expect(parse('size=all').pageSize).toBe('all');
  });

  it('shows as many rows as a link asks for, up to the 200 the server serves', () => {
    expect(parse('size=40').pageSize).toBe('40');
    expect(parse('size=200').pageSize).toBe('200');
    expect(gridQueryOf(parse('size=40')).pageSize).toBe(40);
    expect(rowsPerPage(parse('size=40').pageSize)).toBe(40);
    expect(toParams(parse('size=40')).toString()).toBe('size=40');
  });

  it('falls back to the default for anything it cannot read', () => {
    expect(parse('page=0&size=0&sort=password:asc&status=archived&realtor=42')).toEqual(defaults);
    expect(parse('size=201').pageSize).toBe('10');
    expect(parse('size=2.5').pageSize).toBe('10');
    expect(parse('page=-2').page).toBe(1);
    expect(parse('page=1.5').page).toBe(1);
    expect(parse('page=abc').page).toBe(1);
    expect(parse('sort=email:sideways').sort).toBeNull();
    expect(parse(`q=${'x'.repeat(300)}`).search).toHaveLength(100);
  });

  it('leaves the defaults out', () => {
    expect(toParams(defaults).toString()).toBe('');
  });

  it('round-trips through the address bar', () => {
    const state: ClientGridState = {
      page: 4,
      pageSize: 'all',
      sort: { column: 'status', dir: 'desc' },
      search: 'Olivia Maple',
      filters: { ...defaults.filters, status: 'disabled', realtor: realtorId },
    };
    const params = toParams(state);
    expect(params.toString()).toBe(
      `page=4&size=all&sort=status%3Adesc&q=Olivia+Maple&status=disabled&realtor=${realtorId}`,
    );
    expect(parseGridParams(clientGridConfig, params)).toEqual(state);
  });

  it('keeps the parameters it does not own, such as the chosen corporation', () => {
    const params = gridParamsOf(
      clientGridConfig,
      { ...defaults, page: 2 },
      new URLSearchParams('company=acme&page=5&status=enabled'),
    );
    expect(params.toString()).toBe('company=acme&page=2');
  });
});

describe('updateGridState', () => {
  const onPage3: ClientGridState = { ...defaults, page: 3 };

  it('goes back to page 1 when what is listed changes', () => {
    expect(updateGridState(onPage3, { search: 'maple' }).page).toBe(1);
    expect(updateGridState(onPage3, { filters: { status: 'enabled' } }).page).toBe(1);
    expect(updateGridState(onPage3, { pageSize: '50' }).page).toBe(1);
    expect(updateGridState(onPage3, { sort: { column: 'email', dir: 'asc' } }).page).toBe(1);
    expect(updateGridState(onPage3, { filters: { realtor: realtorId } }).page).toBe(1);
  });

  it('keeps the page when nothing listed changes, and takes a page asked for', () => {
    expect(updateGridState(onPage3, { search: '' }).page).toBe(3);
    expect(updateGridState(onPage3, { page: 5 }).page).toBe(5);
  });
});

describe('nextSort', () => {
  it('cycles ascending, descending, default', () => {
    const asc = nextSort<ClientSortColumn>(null, 'email');
    expect(asc).toEqual({ column: 'email', dir: 'asc' });
    const desc = nextSort(asc, 'email');
    expect(desc).toEqual({ column: 'email', dir: 'desc' });
    expect(nextSort(desc, 'email')).toBeNull();
    expect(nextSort(desc, 'city')).toEqual({ column: 'city', dir: 'asc' });
  });
});

describe('gridQueryOf', () => {
  it('sends the direction as meant and the size as asked', () => {
    expect(
      gridQueryOf({ ...defaults, sort: { column: 'clientName', dir: 'desc' }, pageSize: 'all' }),
    ).toEqual({
      page: 1,
      pageSize: 'all',
      sorting: [{ propertyName: 'clientName', dir: 'desc' }],
      status: 'all',
    });
    expect(
      gridQueryOf({
        ...defaults,
        pageSize: '25',
        search: 'x',
        filters: { ...defaults.filters, realtor: realtorId },
      }),
    ).toMatchObject({
      pageSize: 25,
      sorting: [],
      search: 'x',
      realtorId,
    });
  });

  it('asks for pending properties with the pending flag', () => {
    expect(
      gridQueryOf({
        ...defaults,
        filters: { ...defaults.filters, status: 'pending' },
      }),
    ).toMatchObject({
      status: 'pending',
      pending: 1,
    });
    expect(
      gridQueryOf({
        ...defaults,
        filters: { ...defaults.filters, status: 'enabled' },
      }),
    ).not.toHaveProperty('pending');
  });

  it.each([
    {
      name: 'last-activity',
      filter: 'activity',
      chosen: 'quiet90',
      sort: 'lastActivityAt',
      params: 'sort=lastActivityAt%3Adesc&activity=quiet90',
      unknown: 'sometimes',
    },
    {
      name: 'needs-attention',
      filter: 'attention',
      chosen: 'needed',
      sort: 'attention',
      params: 'sort=attention%3Adesc&attention=needed',
      unknown: 'urgent',
    },
    {
      name: 'systems',
      filter: 'systems',
      chosen: 'replaceSoon',
      sort: 'createdAt',
      params: 'sort=createdAt%3Adesc&systems=replaceSoon',
      unknown: 'old',
    },
  ] as const)(
    'asks for the $name filter and sort only when chosen',
    ({ filter, chosen, sort, params, unknown }) => {
      const state = parse(`${filter}=${chosen}&sort=${sort}:desc`);
      expect(state.filters[filter]).toBe(chosen);
      expect(gridQueryOf(state)).toMatchObject({
        [filter]: chosen,
        sorting: [{ propertyName: sort, dir: 'desc' }],
      });
      expect(toParams(state).toString()).toBe(params);
      expect(parse(`${filter}=${unknown}`).filters[filter]).toBeNull();
      expect(parse(`${filter}=all`).filters[filter]).toBeNull();
      expect(gridQueryOf(defaults)).not.toHaveProperty(filter);
    },
  );

  it('counts "all" as 200 rows', () => {
    expect(rowsPerPage('all')).toBe(200);
    expect(rowsPerPage('50')).toBe(50);
  });
});
