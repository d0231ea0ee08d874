import { describe, expect, it } from 'vitest';
import { membersSearchOf, membersViewOf } from './members-address';

describe('the Members section address', () => {
  it('reads search, page (from 1) and size, and writes back only what is not the default', () => {
    const view = membersViewOf(new URLSearchParams('q=ann&page=3&size=50'));
    expect(view).toEqual({ search: 'ann', page: 2, size: 50 });
    expect(membersSearchOf(view).toString()).toBe('q=ann&page=3&size=50');
    expect(membersSearchOf({ search: '', page: 0, size: 25 }).toString()).toBe('');
  });

  it('falls back to the first page of 25 for anything unreadable', () => {
    expect(membersViewOf(new URLSearchParams('page=-1&size=7'))).toEqual({ search: '', page: 0, size: 25 });
    expect(membersViewOf(new URLSearchParams('page=x&size=1e9'))).toEqual({ search: '', page: 0, size: 25 });
  });
});
