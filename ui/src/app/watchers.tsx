import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionCheck } from '../features/auth/api/check-session';
import { parametersQuery } from '../lib/parameters';
import { terminalOfCallerQuery } from '../features/terminal/api/get-terminal-of-caller';
import { apiRequest } from '../lib/api-client';
import { useSessionUser } from '../lib/session';
import { terminal } from '../lib/terminal';
import { APP_VERSION, isNewerVersion } from '../lib/version';

const META_CHECK_MS = 60_000;
const RELOADED_FOR = 'reloadedForVersion';

/** Clears every cache the browser keeps for the app and loads the new version (once per served version). */
async function reloadForVersion(version: string): Promise<void> {
  if (sessionStorage.getItem(RELOADED_FOR) === version) return;
  sessionStorage.setItem(RELOADED_FOR, version);
  if ('caches' in window) {
    const names = await caches.keys();
    await Promise.all(names.map((name) => caches.delete(name)));
  }
  window.location.reload();
}

/**
 * What runs beside every page: the session check (on load and every 60 s; a 401 ends the session), the version
 * check against /meta.json, and the terminal's sync by IP when the parameter terminalSyncByIP is set.
 */
export function AppWatchers() {
  const user = useSessionUser();
  useSessionCheck(user?.token ?? null);

  const meta = useQuery({
    queryKey: ['meta'],
    queryFn: () => apiRequest<{ version: string }>('/meta.json', { authenticated: false }),
    refetchInterval: META_CHECK_MS,
    retry: false,
  });
  const servedVersion = meta.data?.version;
  useEffect(() => {
    if (servedVersion && isNewerVersion(servedVersion, APP_VERSION)) void reloadForVersion(servedVersion);
  }, [servedVersion]);

  // Until a temporary password is changed the server answers nothing else (403).
  const signedIn = user !== null && !user.mustChangePassword;
  const parameters = useQuery({ ...parametersQuery(signedIn), staleTime: Infinity });
  const syncByIp = parameters.data?.terminalSyncByIP === true;
  const synced = useQuery(terminalOfCallerQuery(signedIn && syncByIp));
  useEffect(() => {
    if (!synced.isSuccess) return;
    // No terminal for this address resets the stored one (SPEC.md section 4).
    terminal.set(synced.data);
  }, [synced.isSuccess, synced.data]);

  return null;
}
