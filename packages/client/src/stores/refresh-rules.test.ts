import { describe, expect, it } from 'vitest';
import { coreClient } from '../core-client';
import { adminClient, organizationClient, usernameClient } from '../plugins';
import { mergeRefreshRules, storesToRefresh } from './refresh-rules';

const rules = mergeRefreshRules([coreClient, usernameClient(), adminClient(), organizationClient()]);

describe('the refresh rules of the core and the bundled plugins (SPEC §4 client refresh behaviour)', () => {
  it.each([
    ['signOut', ['session']],
    ['signInEmail', ['session']],
    ['signInSocial', ['session']],
    ['signInUsername', ['session']],
    ['signUpEmail', ['session']],
    ['updateUser', ['session']],
    ['deleteUser', ['session']],
    ['verifyEmail', ['session']],
    ['changePassword', ['session']],
    ['revokeSession', ['session']],
    ['revokeOtherSessions', ['session']],
    ['impersonateUser', ['session']],
    ['stopImpersonating', ['session']],
    ['createOrganization', ['organizations', 'activeOrganization']],
    ['deleteOrganization', ['organizations', 'activeOrganization']],
    ['updateOrganization', ['organizations', 'activeOrganization']],
    ['createInvitation', ['activeOrganization']],
    ['leaveOrganization', ['activeOrganization']],
    ['setActiveOrganization', ['activeOrganization', 'session', 'activeMember']],
    ['updateMemberRole', ['activeOrganization', 'activeMember']],
  ] as const)('%s refreshes %j', (id, stores) => {
    expect([...storesToRefresh(rules, id)].sort()).toEqual([...stores].sort());
  });

  it("reads refresh nothing: the stores' own reads would otherwise loop", () => {
    for (const id of ['getSession', 'getFullOrganization', 'listOrganizations', 'getActiveMember', 'listSessions'])
      expect(storesToRefresh(rules, id)).toEqual([]);
  });

  it("without a plugin, its calls refresh nothing: the rules are the plugins' own", () => {
    const coreOnly = mergeRefreshRules([coreClient]);
    expect(storesToRefresh(coreOnly, 'setActiveOrganization')).toEqual([]);
    expect(storesToRefresh(coreOnly, 'impersonateUser')).toEqual([]);
    expect(storesToRefresh(coreOnly, 'signOut')).toEqual(['session']);
    expect(storesToRefresh(coreOnly, undefined)).toEqual([]);
  });
});
