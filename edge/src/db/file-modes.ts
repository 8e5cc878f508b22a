import { chmodSync } from 'node:fs';

/** The plant's data is the service user's alone: the database 0600, the data directory 0700. */
export function ownerOnly(path: string, mode: 0o600 | 0o700): void {
  try {
    chmodSync(path, mode);
  } catch {
    // A file system without POSIX modes (or a path owned by someone else): the operating system's rules stay.
  }
}
