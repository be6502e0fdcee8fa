import { describe, expect, it } from 'vitest';
import {
  defaultGridState,
  gridQueryOf,
  gridStateToParams,
  nextSort,
  parseGridState,
  rowsPerPage,
  updateGridState,
  type GridState,
} from './grid-state';

const realtorId = '0a0a0a0a-0000-4000-8000-00000000beef';
const parse = (search: string) => parseGridState(new URLSearchParams(search));

describe('parseGridState', () => {
  it('gives the defaults for a plain visit', () => {
    expect(parse('')).toEqual(defaultGridState);
  });

  it('reads every part', () => {
    expect(
      parse(`page=3&size=25&sort=email:desc&q=%20maple%20&status=pending&realtor=${realtorId.toUpperCase()}`),
    ).toEqual({
      page: 3,
      pageSize: '25',
      sort: { column: 'email', dir: 'desc' },
      search: 'maple',
      status: 'pending',
      realtorId,
    });
    expect(parse('size=ALL&sort=nextDueAt').sort).toEqual({ column: 'nextDueAt', dir: 'asc' });
    expect(parse('size=all').pageSize).toBe('all');
  });

  it('shows as many rows as a link asks for, up to the 200 the server serves', () => {
    expect(parse('size=40').pageSize).toBe('40');
    expect(parse('size=200').pageSize).toBe('200');
    expect(gridQueryOf(parse('size=40')).pageSize).toBe(40);
    expect(rowsPerPage(parse('size=40'))).toBe(40);
    expect(gridStateToParams(parse('size=40')).toString()).toBe('size=40');
  });

  it('falls back to the default for anything it cannot read', () => {
    expect(parse('page=0&size=0&sort=password:asc&status=archived&realtor=42')).toEqual(defaultGridState);
    expect(parse('size=201').pageSize).toBe('10');
    expect(parse('size=2.5').pageSize).toBe('10');
    expect(parse('page=-2').page).toBe(1);
    expect(parse('page=1.5').page).toBe(1);
    expect(parse('page=abc').page).toBe(1);
    expect(parse('sort=email:sideways').sort).toBeNull();
    expect(parse(`q=${'x'.repeat(300)}`).search).toHaveLength(100);
  });
});

describe('gridStateToParams', () => {
  it('leaves the defaults out', () => {
    expect(gridStateToParams(defaultGridState).toString()).toBe('');
  });

  it('round-trips through the address bar', () => {
    const state: GridState = {
      page: 4,
      pageSize: 'all',
      sort: { column: 'status', dir: 'desc' },
      search: 'Olivia Maple',
      status: 'disabled',
      realtorId,
    };
    const params = gridStateToParams(state);
    expect(params.toString()).toBe(
      `page=4&size=all&sort=status%3Adesc&q=Olivia+Maple&status=disabled&realtor=${realtorId}`,
    );
    expect(parseGridState(params)).toEqual(state);
  });
});

describe('updateGridState', () => {
  const onPage3: GridState = { ...defaultGridState, page: 3 };

  it('goes back to page 1 when what is listed changes', () => {
    expect(updateGridState(onPage3, { search: 'maple' }).page).toBe(1);
    expect(updateGridState(onPage3, { status: 'enabled' }).page).toBe(1);
    expect(updateGridState(onPage3, { pageSize: '50' }).page).toBe(1);
    expect(updateGridState(onPage3, { sort: { column: 'email', dir: 'asc' } }).page).toBe(1);
    expect(updateGridState(onPage3, { realtorId }).page).toBe(1);
  });

  it('keeps the page when nothing listed changes, and takes a page asked for', () => {
    expect(updateGridState(onPage3, { search: '' }).page).toBe(3);
    expect(updateGridState(onPage3, { page: 5 }).page).toBe(5);
  });
});

describe('nextSort', () => {
  it('cycles ascending, descending, default', () => {
    const asc = nextSort(null, 'email');
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
      gridQueryOf({ ...defaultGridState, sort: { column: 'clientName', dir: 'desc' }, pageSize: 'all' }),
    ).toEqual({
      page: 1,
      pageSize: 'all',
      sorting: [{ propertyName: 'clientName', dir: 'desc' }],
      status: 'all',
    });
    expect(gridQueryOf({ ...defaultGridState, pageSize: '25', search: 'x', realtorId })).toMatchObject({
      pageSize: 25,
      sorting: [],
      search: 'x',
      realtorId,
    });
  });

  it('asks for pending properties with the pending flag', () => {
    expect(gridQueryOf({ ...defaultGridState, status: 'pending' })).toMatchObject({
      status: 'pending',
      pending: 1,
    });
    expect(gridQueryOf({ ...defaultGridState, status: 'enabled' })).not.toHaveProperty('pending');
  });

  it('counts "all" as 200 rows', () => {
    expect(rowsPerPage({ pageSize: 'all' })).toBe(200);
    expect(rowsPerPage({ pageSize: '50' })).toBe(50);
  });
});
