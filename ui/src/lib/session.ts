import { storedValue, useStoredValue } from './stored-value';

/** The user stored at login (POST /api/users/authenticate); its token goes with every call. */
export interface SessionUser {
  userID: string;
  roleID: number;
  firstName: string;
  lastName: string;
  token: string;
  /** The password was set for the user (setup's temporary one): the app asks for a new one before anything else. */
  mustChangePassword?: boolean;
}

export type LogoutReason = 'logout' | 'expired';

function isSessionUser(value: unknown): value is SessionUser {
  const v = value as SessionUser | null;
  return !!v && typeof v.userID === 'string' && typeof v.roleID === 'number' && typeof v.token === 'string';
}

const userStore = storedValue<SessionUser | null>('user', null, (v): v is SessionUser | null => v === null || isSessionUser(v));
/** Why the last session ended, shown by the login page until the next login ('Sesión expirada, vuelva a ingresar'). */
const reasonStore = storedValue<LogoutReason | null>(
  'logoutReason',
  null,
  (v): v is LogoutReason | null => v === null || v === 'logout' || v === 'expired',
);

export const session = {
  user: (): SessionUser | null => userStore.get(),
  token: (): string | null => userStore.get()?.token ?? null,
  login(user: SessionUser): void {
    reasonStore.set(null);
    const { userID, roleID, firstName, lastName, token, mustChangePassword } = user;
    userStore.set({ userID, roleID, firstName, lastName, token, mustChangePassword: mustChangePassword === true });
  },
  /** The user chose their own password: the session goes on, the app opens. */
  passwordChanged(): void {
    const user = userStore.get();
    if (user) userStore.set({ ...user, mustChangePassword: false });
  },
  /** Forgets the user; guarded routes then send the browser to /login. */
  end(reason: LogoutReason): void {
    if (!userStore.get()) return;
    reasonStore.set(reason);
    userStore.set(null);
  },
  subscribe: userStore.subscribe,
};

export function useSessionUser(): SessionUser | null {
  return useStoredValue(userStore);
}

export function useLogoutReason(): LogoutReason | null {
  return useStoredValue(reasonStore);
}
