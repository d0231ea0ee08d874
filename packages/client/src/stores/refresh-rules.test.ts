import { describe, expect, it } from 'vitest';
import { storesToRefresh } from './refresh-rules';

describe('storesToRefresh (SPEC §4 client refresh behaviour)', () => {
  it.each([
    ['/sign-out', 'POST', ['session']],
    ['/sign-in/email', 'POST', ['session']],
    ['/sign-up/email', 'POST', ['session']],
    ['/update-user', 'POST', ['session']],
    ['/delete-user', 'POST', ['session']],
    ['/verify-email', 'GET', ['session']],
    ['/change-password', 'POST', ['session']],
    ['/revoke-other-sessions', 'POST', ['session']],
    ['/admin/impersonate-user', 'POST', ['session']],
    ['/admin/stop-impersonating', 'POST', ['session']],
    ['/organization/create', 'POST', ['organizations', 'activeOrganization']],
    ['/organization/delete', 'POST', ['organizations', 'activeOrganization']],
    ['/organization/update', 'POST', ['organizations', 'activeOrganization']],
    ['/organization/invite-member', 'POST', ['activeOrganization']],
    ['/organization/set-active', 'POST', ['activeOrganization', 'session', 'activeMember']],
    ['/organization/update-member-role', 'POST', ['activeOrganization', 'activeMember']],
  ] as const)('%s (%s) refreshes %j', (path, method, stores) => {
    expect(storesToRefresh(path, method).sort()).toEqual([...stores].sort());
  });

  it('reads refresh nothing: the stores own reads would otherwise loop', () => {
    expect(storesToRefresh('/get-session', 'GET')).toEqual([]);
    expect(storesToRefresh('/organization/get-full-organization', 'GET')).toEqual([]);
    expect(storesToRefresh('/organization/list', 'GET')).toEqual([]);
    expect(storesToRefresh('/organization/get-active-member', 'GET')).toEqual([]);
    expect(storesToRefresh('/list-sessions', 'GET')).toEqual([]);
  });
});
