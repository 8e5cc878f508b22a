import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childEnv } from './bundled-entry';

/**
 * A real OpenLDAP directory for tests: Debian's `slapd` started by the test on 127.0.0.1 and free ports, with its
 * configuration (slapd.conf, mdb backend, the core, cosine, inetorgperson and nis schemas of /etc/ldap/schema) and its
 * database in a temporary directory, loaded offline with `slapadd`. Nothing of the system's own slapd (its
 * /etc/ldap/slapd.d or service) is used. With `tls`, it also listens on LDAPS with a certificate for 127.0.0.1 signed
 * by a certificate authority made for the test with openssl (`caFile`).
 */

export const SLAPD = process.env.SLAPD_PATH ?? '/usr/sbin/slapd';
const SLAPADD = process.env.SLAPADD_PATH ?? '/usr/sbin/slapadd';
const SCHEMAS = ['core', 'cosine', 'inetorgperson', 'nis'];

export interface DirectoryUser {
  uid: string;
  password: string;
}

export interface DirectoryGroup {
  cn: string;
  /** Members: user uids and the cn of other groups (nested groups). */
  members: string[];
}

export interface TestDirectory {
  /** ldap://127.0.0.1:<port> */
  url: string;
  /** ldaps://127.0.0.1:<port> when started with `tls`. */
  ldapsUrl: string | null;
  /** The CA that signed the LDAPS certificate (PEM file) when started with `tls`. */
  caFile: string | null;
  /** The DNS domain, e.g. planta.test, and its base DN (dc=planta,dc=test). */
  domain: string;
  baseDN: string;
  userDN(uid: string): string;
  groupDN(cn: string): string;
  /** Stops slapd (the directory is down; `start` brings it back on the same ports). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops slapd and removes its directory. */
  close(): Promise<void>;
}

/** A free TCP port of 127.0.0.1 (released before slapd takes it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** An {SSHA} userPassword value (RFC 2307 style, as slappasswd makes them). */
function sshaOf(password: string): string {
  const salt = randomBytes(8);
  const digest = createHash('sha1').update(password).update(salt).digest();
  return `{SSHA}${Buffer.concat([digest, salt]).toString('base64')}`;
}

function ldifOf(domain: string, baseDN: string, users: DirectoryUser[], groups: DirectoryGroup[]): string {
  const dc = domain.split('.')[0]!;
  const entries = [
    `dn: ${baseDN}\nobjectClass: dcObject\nobjectClass: organization\ndc: ${dc}\no: ${domain}`,
    `dn: ou=people,${baseDN}\nobjectClass: organizationalUnit\nou: people`,
    `dn: ou=groups,${baseDN}\nobjectClass: organizationalUnit\nou: groups`,
    ...users.map(
      (user) =>
        `dn: uid=${user.uid},ou=people,${baseDN}\nobjectClass: inetOrgPerson\nuid: ${user.uid}\ncn: ${user.uid}\nsn: ${user.uid}\n` +
        `mail: ${user.uid}@${domain}\nuserPassword: ${sshaOf(user.password)}`,
    ),
    ...groups.map((group) => {
      const memberDNs = group.members.map((member) =>
        groups.some((other) => other.cn === member) ? `cn=${member},ou=groups,${baseDN}` : `uid=${member},ou=people,${baseDN}`,
      );
      // groupOfNames needs at least one member.
      return `dn: cn=${group.cn},ou=groups,${baseDN}\nobjectClass: groupOfNames\ncn: ${group.cn}\n${(memberDNs.length ? memberDNs : [baseDN]).map((dn) => `member: ${dn}`).join('\n')}`;
    }),
  ];
  return `${entries.join('\n\n')}\n`;
}

/** A CA and a server certificate for 127.0.0.1 signed by it, made with Debian's openssl. */
function makeCertificates(dir: string): { caFile: string; certFile: string; keyFile: string } {
  const file = (name: string) => join(dir, name);
  const run = (args: string[]) => execFileSync('openssl', args, { stdio: 'ignore', env: childEnv() });
  run([
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=OEE test directory CA',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
  ]);
  run([
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
  ]);
  writeFileSync(file('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  run([
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    file('server.ext'),
    '-out',
    file('server.pem'),
  ]);
  return { caFile: file('ca.pem'), certFile: file('server.pem'), keyFile: file('server.key') };
}

/** Resolves once something accepts TCP connections on the port (at most `timeoutMs`). */
async function waitForPort(port: number, child: ChildProcess, output: () => string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`slapd exited with ${child.exitCode}: ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`slapd did not listen on ${port}: ${output()}`);
}

export async function startTestDirectory(options: {
  users: DirectoryUser[];
  groups?: DirectoryGroup[];
  domain?: string;
  tls?: boolean;
}): Promise<TestDirectory> {
  const domain = options.domain ?? 'planta.test';
  const baseDN = domain
    .split('.')
    .map((label) => `dc=${label}`)
    .join(',');
  const dir = mkdtempSync(join(tmpdir(), 'oee-slapd-'));
  const dbDir = join(dir, 'db');
  mkdirSync(dbDir);
  const certificates = options.tls ? makeCertificates(dir) : null;
  const conf = [
    ...SCHEMAS.map((schema) => `include /etc/ldap/schema/${schema}.schema`),
    `pidfile ${join(dir, 'slapd.pid')}`,
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    ...(certificates
      ? [
          `TLSCACertificateFile ${certificates.caFile}`,
          `TLSCertificateFile ${certificates.certFile}`,
          `TLSCertificateKeyFile ${certificates.keyFile}`,
        ]
      : []),
    'database mdb',
    'maxsize 16777216',
    `suffix "${baseDN}"`,
    `rootdn "cn=admin,${baseDN}"`,
    `rootpw ${randomBytes(12).toString('hex')}`,
    `directory ${dbDir}`,
    // Users bind with their password; anyone bound may read the directory but nobody reads passwords.
    'access to attrs=userPassword by anonymous auth by * none',
    'access to * by users read by anonymous auth',
  ].join('\n');
  const confFile = join(dir, 'slapd.conf');
  writeFileSync(confFile, `${conf}\n`);
  const ldifFile = join(dir, 'data.ldif');
  writeFileSync(ldifFile, ldifOf(domain, baseDN, options.users, options.groups ?? []));
  execFileSync(SLAPADD, ['-f', confFile, '-l', ldifFile], { stdio: 'pipe', env: childEnv() });

  const port = await freePort();
  const ldapsPort = certificates ? await freePort() : null;
  const listeners = [`ldap://127.0.0.1:${port}/`, ...(ldapsPort ? [`ldaps://127.0.0.1:${ldapsPort}/`] : [])];
  let child: ChildProcess | null = null;

  const start = async () => {
    let output = '';
    // -d 0: stay in the foreground (the test owns the process) and log nothing but errors.
    const started = spawn(SLAPD, ['-f', confFile, '-h', listeners.join(' '), '-d', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: childEnv(),
    });
    started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child = started;
    await waitForPort(port, started, () => output);
    if (ldapsPort) await waitForPort(ldapsPort, started, () => output);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    const killed = setTimeout(() => running.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killed);
  };

  await start();
  return {
    url: `ldap://127.0.0.1:${port}`,
    ldapsUrl: ldapsPort ? `ldaps://127.0.0.1:${ldapsPort}` : null,
    caFile: certificates?.caFile ?? null,
    domain,
    baseDN,
    userDN: (uid) => `uid=${uid},ou=people,${baseDN}`,
    groupDN: (cn) => `cn=${cn},ou=groups,${baseDN}`,
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
