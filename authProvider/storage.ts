/**
 * The session kept in the browser's local storage: the bearer token and the signed-in user.
 * Falls back to memory where there is no localStorage (unit tests in Node).
 */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
/** Keys that survive a session reset (the cookies consent, spec 01 §9). */
const KEPT_KEYS = ['cookies'];

export interface StoredUser {
  id: number;
  name: string;
  email: string;
  permissions: Array<{ permissionID: number; name: string }>;
}

const memory = new Map<string, string>();
const memoryStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'> = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, String(value)),
  removeItem: (key) => void memory.delete(key),
  key: (index) => [...memory.keys()][index] ?? null,
  get length() {
    return memory.size;
  },
};

export function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'> {
  return typeof globalThis.localStorage === 'undefined' ? memoryStorage : globalThis.localStorage;
}

export function getToken(): string | null {
  return storage().getItem(TOKEN_KEY);
}

export function setToken(token: string): void {
  storage().setItem(TOKEN_KEY, token);
}

export function removeToken(): void {
  storage().removeItem(TOKEN_KEY);
}

export function getStoredUser(): StoredUser | null {
  const raw = storage().getItem(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as StoredUser;
  } catch {
    return null;
  }
}

export function setStoredUser(user: StoredUser): void {
  storage().setItem(USER_KEY, JSON.stringify(user));
}

export function storedPermissionNames(): string[] {
  return getStoredUser()?.permissions.map((p) => p.name) ?? [];
}

/** Clears the session (spec: "local storage is cleared"), keeping only the cookies consent. */
export function clearSession(): void {
  const store = storage();
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key !== null && !KEPT_KEYS.includes(key)) keys.push(key);
  }
  keys.forEach((key) => store.removeItem(key));
}
