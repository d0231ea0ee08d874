/**
 * The users grid's page, sort, filter and search become exactly the list-users query the server
 * reads; grid operators without a server meaning, and items still waiting for a value, filter nothing.
 */
import { describe, expect, it } from 'vitest';
import { usersSearchOf, usersStateOf } from './users-address';
import { filterModelOf, presetOf } from './users-filter-presets';
import { toListUsersQuery, type UsersGridState } from './users-grid-query';

const base: UsersGridState = {
  pagination: { page: 0, pageSize: 10 },
  sort: [],
  filter: { items: [] },
  search: { value: '', field: 'email', operator: 'contains' },
};

describe('the users grid query', () => {
  it('pages by limit and offset, and asks for nothing else by default', () => {
    expect(toListUsersQuery({ ...base, pagination: { page: 2, pageSize: 25 } })).toEqual({ limit: 25, offset: 50 });
  });

  it('sorts by the sorted column and direction', () => {
    expect(toListUsersQuery({ ...base, sort: [{ field: 'createdAt', sort: 'desc' }] })).toMatchObject({
      sortBy: 'createdAt',
      sortDirection: 'desc',
    });
    expect(toListUsersQuery({ ...base, sort: [{ field: 'name', sort: null }] })).not.toHaveProperty('sortBy');
  });

  it('searches the chosen field with the chosen operator, trimmed, and not at all when blank', () => {
    expect(
      toListUsersQuery({ ...base, search: { value: '  ada ', field: 'name', operator: 'starts_with' } }),
    ).toMatchObject({
      searchValue: 'ada',
      searchField: 'name',
      searchOperator: 'starts_with',
    });
    expect(
      toListUsersQuery({ ...base, search: { value: '   ', field: 'email', operator: 'ends_with' } }),
    ).not.toHaveProperty('searchValue');
  });

  it('maps the grid filter operators to the server operators; dates travel as ISO instants', () => {
    const at = new Date('2026-03-01T12:00:00Z');
    const cases = [
      [
        { field: 'role', operator: 'is', value: 'admin' },
        { filterField: 'role', filterOperator: 'eq', filterValue: 'admin' },
      ],
      [
        { field: 'role', operator: 'not', value: 'admin' },
        { filterField: 'role', filterOperator: 'ne', filterValue: 'admin' },
      ],
      [
        { field: 'banned', operator: 'is', value: 'true' },
        { filterField: 'banned', filterOperator: 'eq', filterValue: 'true' },
      ],
      [
        { field: 'createdAt', operator: 'after', value: at },
        { filterField: 'createdAt', filterOperator: 'gt', filterValue: at.toISOString() },
      ],
      [
        { field: 'createdAt', operator: 'onOrBefore', value: at },
        { filterField: 'createdAt', filterOperator: 'lte', filterValue: at.toISOString() },
      ],
    ] as const;
    for (const [item, query] of cases)
      expect(toListUsersQuery({ ...base, filter: { items: [{ ...item }] } })).toMatchObject(query);
  });

  it('ignores a filter item without a value and an operator the server cannot apply', () => {
    expect(toListUsersQuery({ ...base, filter: { items: [{ field: 'role', operator: 'is' }] } })).not.toHaveProperty(
      'filterField',
    );
    expect(
      toListUsersQuery({ ...base, filter: { items: [{ field: 'role', operator: 'isAnyOf', value: ['admin'] }] } }),
    ).not.toHaveProperty('filterField');
  });

  it('the quick filters are grid filter models and are recognised back', () => {
    expect(toListUsersQuery({ ...base, filter: filterModelOf('banned') })).toMatchObject({
      filterField: 'banned',
      filterOperator: 'eq',
      filterValue: 'true',
    });
    expect(presetOf(filterModelOf('admins'))).toBe('admins');
    expect(presetOf({ items: [] })).toBe('all');
    expect(presetOf({ items: [{ field: 'createdAt', operator: 'after', value: new Date() }] })).toBe('other');
  });

  it('"is empty" on the last sign-in asks for never signed in (`null`), is the preset, and keeps in the address', () => {
    const never = filterModelOf('neverSignedIn');
    expect(toListUsersQuery({ ...base, filter: never })).toMatchObject({
      filterField: 'lastSignInAt',
      filterOperator: 'eq',
      filterValue: 'null',
    });
    expect(presetOf(never)).toBe('neverSignedIn');
    const ever = { items: [{ id: 1, field: 'lastSignInAt', operator: 'isNotEmpty' }] };
    expect(toListUsersQuery({ ...base, filter: ever })).toMatchObject({ filterOperator: 'ne', filterValue: 'null' });
    expect(presetOf(ever)).toBe('other');
    const address = usersSearchOf({ ...base, filter: never });
    expect(Object.fromEntries(address)).toMatchObject({ filter: 'lastSignInAt', op: 'isEmpty' });
    expect(address.has('value')).toBe(false);
    expect(usersStateOf(address).filter.items).toEqual([
      { id: 'lastSignInAt-isEmpty', field: 'lastSignInAt', operator: 'isEmpty' },
    ]);
  });
});
