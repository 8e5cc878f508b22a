import { describe, expect, it } from 'vitest';
import {
  accountNameOf,
  baseDNOfDomain,
  bindNameFor,
  directorySettingsOf,
  isDirectoryUrl,
  isDNTemplate,
  normalizedDN,
  type DirectoryParameters,
} from './directory-names';

const parameters = (changes: Partial<DirectoryParameters> = {}): DirectoryParameters => ({
  enableDomainValidation: 1,
  domain: 'planta.local',
  enableGroupValidation: 0,
  group: null,
  directoryUrl: null,
  directoryBaseDN: null,
  directoryBindName: null,
  directoryCaFile: null,
  ...changes,
});

describe('directory names', () => {
  it('user, user@domain and DOMAIN\\user name the same account; another domain or a non-account names none', () => {
    for (const typed of ['juan', ' juan ', 'juan@planta.local', 'juan@PLANTA.LOCAL', 'PLANTA\\juan', 'planta.local\\juan'])
      expect(accountNameOf(typed, 'planta.local')).toBe('juan');
    expect(accountNameOf('j.perez-2', 'planta.local')).toBe('j.perez-2');
    expect(accountNameOf('Núñez', 'planta.local')).toBe('Núñez');
    for (const typed of ['juan@otra.local', 'OTRA\\juan', 'juan*', 'juan)(uid=*', 'uid=juan,dc=x', '', 'PLANTA\\', 'a b'])
      expect(accountNameOf(typed, 'planta.local'), typed).toBeNull();
  });

  it('the bind name is the template with the account, escaped only inside a DN', () => {
    expect(bindNameFor('{user}@{domain}', 'juan', 'planta.local')).toBe('juan@planta.local');
    expect(bindNameFor('PLANTA\\{user}', 'juan', 'planta.local')).toBe('PLANTA\\juan');
    expect(bindNameFor('uid={user},ou=people,dc=planta,dc=local', 'juan', 'planta.local')).toBe('uid=juan,ou=people,dc=planta,dc=local');
    expect(bindNameFor('cn={user},ou=people', '#a,b+c"d\\e<f>g;h ', 'x')).toBe('cn=\\#a\\,b\\+c\\"d\\\\e\\<f\\>g\\;h\\ ,ou=people');
    expect(isDNTemplate('uid={user},dc=x')).toBe(true);
    expect(isDNTemplate('{user}@{domain}')).toBe(false);
    expect(isDNTemplate('PLANTA\\{user}')).toBe(false);
  });

  it('settings: off without the switch or a domain; defaults derived from the domain; the group only with its switch', () => {
    expect(directorySettingsOf(parameters({ enableDomainValidation: 0 }))).toBeNull();
    expect(directorySettingsOf(parameters({ domain: '  ' }))).toBeNull();
    expect(directorySettingsOf(parameters({ group: 'oee' }))).toEqual({
      url: 'ldap://planta.local',
      domain: 'planta.local',
      baseDN: 'dc=planta,dc=local',
      bindNameTemplate: '{user}@{domain}',
      caFile: null,
      group: null,
    });
    const given = directorySettingsOf(
      parameters({
        enableGroupValidation: 1,
        group: ' oee ',
        directoryUrl: 'ldaps://dc1:636',
        directoryBaseDN: 'ou=planta,dc=corp',
        directoryBindName: 'PLANTA\\{user}',
        directoryCaFile: '/etc/oee/ca.pem',
      }),
    );
    expect(given).toEqual({
      url: 'ldaps://dc1:636',
      domain: 'planta.local',
      baseDN: 'ou=planta,dc=corp',
      bindNameTemplate: 'PLANTA\\{user}',
      caFile: '/etc/oee/ca.pem',
      group: 'oee',
    });
    expect(baseDNOfDomain('a.b.c')).toBe('dc=a,dc=b,dc=c');
  });

  it('DNs compare without case or blanks around separators; URLs are ldap:// or ldaps:// with a host and an optional port', () => {
    expect(normalizedDN('CN=OEE, OU=Groups , DC=Planta')).toBe(normalizedDN('cn=oee,ou=groups,dc=planta'));
    for (const url of ['ldap://dc1', 'ldaps://dc1.planta.local:636', 'ldap://127.0.0.1:389/', 'ldap://[::1]:389'])
      expect(isDirectoryUrl(url), url).toBe(true);
    for (const url of ['http://dc1', 'ldap://', 'ldap://dc1/dc=x', 'ldap://dc1:port', 'dc1']) expect(isDirectoryUrl(url), url).toBe(false);
  });
});
