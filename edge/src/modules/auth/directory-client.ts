import { readFile } from 'node:fs/promises';
import { AndFilter, Client, EqualityFilter, ExtensibleFilter, InvalidCredentialsError, OrFilter, type Filter } from 'ldapts';
import { bindNameFor, isDNTemplate, looksLikeDN, normalizedDN, type DirectorySettings } from './directory-names';

/**
 * The directory's answer about an account and its password (issue 17). `unavailable` is a directory the edge could
 * not ask (down, unreachable, too slow, an untrusted certificate, a setting it refuses); `detail` is for the log.
 */
export type DirectoryCheck =
  | { outcome: 'ok' }
  | { outcome: 'invalidCredentials' }
  | { outcome: 'notInGroup'; detail: string }
  | { outcome: 'unavailable'; detail: string };

/** Each directory call (connection, bind, search) gives up after this long, and a whole check after twice it. */
export const DIRECTORY_TIMEOUT_MS = 5_000;

/** Group nesting followed where the directory cannot follow it itself, and groups followed per level. */
export const MAX_NESTING_LEVELS = 8;
const MAX_GROUPS_PER_LEVEL = 200;

/** Active Directory announces itself in the root DSE with this capability (LDAP_CAP_ACTIVE_DIRECTORY_OID). */
const ACTIVE_DIRECTORY_CAPABILITY = '1.2.840.113556.1.4.800';
/** Active Directory's LDAP_MATCHING_RULE_IN_CHAIN: membership through any depth of nested groups. */
const MATCHING_RULE_IN_CHAIN = '1.2.840.113556.1.4.1941';
const GROUP_CLASSES = ['group', 'groupOfNames', 'groupOfUniqueNames', 'posixGroup'];

class GroupRefusal extends Error {}

const or = (filters: Filter[]) => new OrFilter({ filters });
const equals = (attribute: string, value: string) => new EqualityFilter({ attribute, value });

/**
 * Binds to the directory as the user with their password and, when a group is set, checks they belong to it
 * (nested groups included). The password is sent only in the bind and never kept, logged or put in an answer.
 */
export async function checkDirectoryAccount(
  settings: DirectorySettings,
  account: string,
  password: string,
  timeoutMs = DIRECTORY_TIMEOUT_MS,
): Promise<DirectoryCheck> {
  // An empty password would be an unauthenticated bind, which directories accept: never a sign-in.
  if (!password) return { outcome: 'invalidCredentials' };
  let client: Client | null = null;
  let deadline: NodeJS.Timeout | undefined;
  const work = async (): Promise<DirectoryCheck> => {
    // ldapts speaks TLS whenever it is given TLS options: only an ldaps:// URL gets them.
    const secure = settings.url.toLowerCase().startsWith('ldaps:');
    const tlsOptions = secure
      ? { ca: settings.caFile ? await readFile(settings.caFile) : undefined, minVersion: 'TLSv1.2' as const }
      : undefined;
    client = new Client({ url: settings.url, timeout: timeoutMs, connectTimeout: timeoutMs, tlsOptions });
    const bindName = bindNameFor(settings.bindNameTemplate, account, settings.domain);
    try {
      await client.bind(bindName, password);
    } catch (error) {
      if (error instanceof InvalidCredentialsError) return { outcome: 'invalidCredentials' };
      throw error;
    }
    if (settings.group) await checkGroup(client, settings, account, bindName);
    return { outcome: 'ok' };
  };
  const giveUp = new Promise<never>((_, reject) => {
    deadline = setTimeout(() => reject(new Error(`no answer within ${(2 * timeoutMs) / 1000} s`)), 2 * timeoutMs);
  });
  try {
    return await Promise.race([work(), giveUp]);
  } catch (error) {
    if (error instanceof GroupRefusal) return { outcome: 'notInGroup', detail: error.message };
    return { outcome: 'unavailable', detail: describe(error) };
  } finally {
    clearTimeout(deadline);
    // Unbinding a connection that failed or timed out may fail too: the socket is closed either way.
    await (client as Client | null)?.unbind().catch(() => undefined);
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return code === undefined ? error.message : `${error.message.trim()} (${String(code)})`;
}

async function checkGroup(client: Client, settings: DirectorySettings, account: string, bindName: string): Promise<void> {
  const userDN = await userEntryDN(client, settings, account, bindName);
  const groupDN = await groupEntryDN(client, settings);
  if (await isActiveDirectory(client)) {
    const { searchEntries } = await client.search(userDN, {
      scope: 'base',
      filter: new ExtensibleFilter({ matchType: 'memberOf', rule: MATCHING_RULE_IN_CHAIN, value: groupDN }),
      attributes: ['1.1'],
    });
    if (searchEntries.length === 0) throw new GroupRefusal(`${account} is not a member of ${groupDN}`);
    return;
  }
  if (!(await memberThroughNesting(client, settings.baseDN, userDN, account, groupDN))) {
    throw new GroupRefusal(`${account} is not a member of ${groupDN} (nesting followed ${MAX_NESTING_LEVELS} levels)`);
  }
}

/** The user's entry: the bind name itself when it is a DN, else the entry of the account under the base DN. */
async function userEntryDN(client: Client, settings: DirectorySettings, account: string, bindName: string): Promise<string> {
  if (isDNTemplate(settings.bindNameTemplate)) return bindName;
  const { searchEntries } = await client.search(settings.baseDN, {
    scope: 'sub',
    filter: or([equals('sAMAccountName', account), equals('userPrincipalName', `${account}@${settings.domain}`), equals('uid', account)]),
    attributes: ['1.1'],
    sizeLimit: 2,
  });
  if (searchEntries.length !== 1) throw new GroupRefusal(`the entry of ${account} was not found under ${settings.baseDN}`);
  return searchEntries[0]!.dn;
}

/** The group's DN: as set when it is one, else the group of that name (cn or sAMAccountName) under the base DN. */
async function groupEntryDN(client: Client, settings: DirectorySettings): Promise<string> {
  const group = settings.group!;
  if (looksLikeDN(group)) return group;
  const { searchEntries } = await client.search(settings.baseDN, {
    scope: 'sub',
    filter: new AndFilter({
      filters: [
        or(GROUP_CLASSES.map((objectClass) => equals('objectClass', objectClass))),
        or([equals('cn', group), equals('sAMAccountName', group)]),
      ],
    }),
    attributes: ['1.1'],
    sizeLimit: 2,
  });
  if (searchEntries.length !== 1)
    throw new GroupRefusal(
      `the group ${group} was ${searchEntries.length ? 'found more than once' : 'not found'} under ${settings.baseDN}`,
    );
  return searchEntries[0]!.dn;
}

async function isActiveDirectory(client: Client): Promise<boolean> {
  const { searchEntries } = await client.search('', { scope: 'base', attributes: ['supportedCapabilities'] });
  const capabilities = searchEntries[0]?.supportedCapabilities ?? [];
  return (Array.isArray(capabilities) ? capabilities : [capabilities]).map(String).includes(ACTIVE_DIRECTORY_CAPABILITY);
}

/**
 * Membership through nested groups, for directories without a matching rule that follows them: the groups that list
 * the user (member, uniqueMember, or memberUid for POSIX groups), then the groups that list those, up to
 * MAX_NESTING_LEVELS levels (a cycle of groups ends, as a group is followed once).
 */
async function memberThroughNesting(client: Client, baseDN: string, userDN: string, account: string, groupDN: string): Promise<boolean> {
  const wanted = normalizedDN(groupDN);
  const seen = new Set<string>();
  let members = [userDN];
  for (let level = 0; level < MAX_NESTING_LEVELS && members.length > 0; level++) {
    const filters = members.flatMap((dn) => [equals('member', dn), equals('uniqueMember', dn)]);
    if (level === 0) filters.push(equals('memberUid', account));
    const { searchEntries } = await client.search(baseDN, { scope: 'sub', filter: or(filters), attributes: ['1.1'] });
    const groups = searchEntries.map((entry) => entry.dn).filter((dn) => !seen.has(normalizedDN(dn)));
    if (groups.some((dn) => normalizedDN(dn) === wanted)) return true;
    for (const dn of groups) seen.add(normalizedDN(dn));
    members = groups.slice(0, MAX_GROUPS_PER_LEVEL);
  }
  return false;
}
