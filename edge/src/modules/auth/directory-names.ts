/**
 * Names for directory sign-in (issue 17), pure: which account a typed user name means, the name the edge binds
 * with, where the directory is and where its entries live, all derived from the General parameters.
 */

/** The directory settings of the General parameters, as stored. */
export interface DirectoryParameters {
  enableDomainValidation: number;
  domain: string | null;
  enableGroupValidation: number;
  group: string | null;
  directoryUrl: string | null;
  directoryBaseDN: string | null;
  directoryBindName: string | null;
  directoryCaFile: string | null;
}

/** Where and how to check a directory password; null while domain validation is off or no domain is set. */
export interface DirectorySettings {
  /** ldap://host[:port] or ldaps://host[:port]. */
  url: string;
  /** The DNS domain (planta.local): user@planta.local, PLANTA\user. */
  domain: string;
  /** Where users and groups are searched. */
  baseDN: string;
  /** The bind name with `{user}` (and `{domain}`) in it. */
  bindNameTemplate: string;
  /** A PEM file of the certificate authorities trusted for LDAPS (null: Node's own list). */
  caFile: string | null;
  /** The group a user must belong to (a DN, or a name searched under baseDN); null: no group check. */
  group: string | null;
}

/** Active Directory's implicit user principal name: every account of the domain binds as user@domain. */
export const DEFAULT_BIND_NAME = '{user}@{domain}';

/** dc=planta,dc=local for planta.local. */
export function baseDNOfDomain(domain: string): string {
  return domain
    .split('.')
    .filter(Boolean)
    .map((label) => `dc=${label}`)
    .join(',');
}

export function directorySettingsOf(parameters: DirectoryParameters): DirectorySettings | null {
  const domain = parameters.domain?.trim();
  if (!parameters.enableDomainValidation || !domain) return null;
  const group = parameters.group?.trim();
  return {
    // An Active Directory domain's DNS name resolves to its domain controllers.
    url: parameters.directoryUrl?.trim() || `ldap://${domain}`,
    domain,
    baseDN: parameters.directoryBaseDN?.trim() || baseDNOfDomain(domain),
    bindNameTemplate: parameters.directoryBindName?.trim() || DEFAULT_BIND_NAME,
    caFile: parameters.directoryCaFile?.trim() || null,
    group: parameters.enableGroupValidation && group ? group : null,
  };
}

/**
 * Characters of an account name: what Active Directory's sAMAccountName and a POSIX uid have in common. Anything
 * else (a comma, a parenthesis, an asterisk…) cannot be an account and never reaches the directory.
 */
const ACCOUNT = /^[\p{L}\p{N}._-]{1,64}$/u;

/**
 * The account a typed user name means: `user`, `user@domain` and `DOMAIN\user` (DOMAIN being the domain's first
 * label, as PLANTA for planta.local, or the whole domain) all name `user`. null when the name names another domain
 * or cannot be an account.
 */
export function accountNameOf(typed: string, domain: string): string | null {
  const name = typed.trim();
  const sameDomain = (given: string) => {
    const lower = given.toLowerCase();
    return lower === domain.toLowerCase() || lower === domain.split('.')[0]!.toLowerCase();
  };
  let account = name;
  const backslash = name.indexOf('\\');
  const at = name.lastIndexOf('@');
  if (backslash >= 0) {
    if (!sameDomain(name.slice(0, backslash))) return null;
    account = name.slice(backslash + 1);
  } else if (at >= 0) {
    if (!sameDomain(name.slice(at + 1))) return null;
    account = name.slice(0, at);
  }
  return ACCOUNT.test(account) ? account : null;
}

/** A DN attribute value escaped as RFC 4514 asks. */
export function escapeDNValue(value: string): string {
  return value
    .replace(/[,+"\\<>;=]/g, (c) => `\\${c}`)
    .replace(/^[ #]/, (c) => `\\${c}`)
    .replace(/ $/, '\\ ');
}

/** True when a bind name template gives a distinguished name (uid={user},ou=people,…), not user@domain or DOMAIN\user. */
export function isDNTemplate(template: string): boolean {
  return /^\s*[A-Za-z][\w-]*\s*=/.test(template) && !template.includes('@') && !template.includes('\\');
}

/** The name to bind with: the template with the account (escaped inside a DN) and the domain. */
export function bindNameFor(template: string, account: string, domain: string): string {
  const user = isDNTemplate(template) ? escapeDNValue(account) : account;
  return template.replaceAll('{user}', user).replaceAll('{domain}', domain);
}

/** A DN written one way for comparing: lower case, no blanks around separators (directories answer DNs in either). */
export function normalizedDN(dn: string): string {
  return dn
    .trim()
    .toLowerCase()
    .replace(/\s*([,=+])\s*/g, '$1');
}

/** True when the text is a distinguished name rather than a group's plain name. */
export function looksLikeDN(text: string): boolean {
  return /^\s*[A-Za-z][\w-]*\s*=.+/.test(text);
}

/** An LDAP URL the edge can connect to: ldap:// or ldaps://, a host, an optional port, nothing else. */
export function isDirectoryUrl(text: string): boolean {
  return /^ldaps?:\/\/(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?\/?$/.test(text.trim());
}
