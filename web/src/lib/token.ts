/** The access token lives in local storage (spec 1 §4.3); the refresh token is an httpOnly cookie. */
const KEY = 'token';

export const tokenStore = {
  get: (): string | null => localStorage.getItem(KEY),
  set: (token: string) => localStorage.setItem(KEY, token),
  clear: () => localStorage.removeItem(KEY),
};
