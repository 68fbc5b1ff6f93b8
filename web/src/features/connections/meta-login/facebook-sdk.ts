/**
 * Meta's Facebook JavaScript SDK, loaded only when a Meta login dialog of the connections screens
 * opens (never with the app shell): https://connect.facebook.net/<locale>/sdk.js, the one script
 * origin the app's Content-Security-Policy allows besides its own. A page that already has `window.FB`
 * (the browser tests' stand-in) is used as it is.
 */

export interface FacebookAuthResponse {
  accessToken?: string;
  userID?: string;
  /** Embedded Signup (response_type code): the code the server exchanges for the business token. */
  code?: string;
}

export interface FacebookLoginResponse {
  status?: string;
  authResponse?: FacebookAuthResponse | null;
}

export interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean; autoLogAppEvents?: boolean }): void;
  login(callback: (response: FacebookLoginResponse) => void, options?: Record<string, unknown>): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

const SDK_LOCALES: Record<string, string> = { pt: 'pt_BR', en: 'en_US', es: 'es_LA' };
const LOAD_TIMEOUT_MS = 20_000;

let loading: Promise<FacebookSdk> | null = null;
let initialised = '';

function loadScript(locale: string): Promise<FacebookSdk> {
  if (window.FB) return Promise.resolve(window.FB);
  loading ??= new Promise<FacebookSdk>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error('facebook sdk: timed out')), LOAD_TIMEOUT_MS);
    window.fbAsyncInit = () => {
      window.clearTimeout(timer);
      if (window.FB) resolve(window.FB);
    };
    const script = document.createElement('script');
    script.id = 'facebook-jssdk';
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.src = `https://connect.facebook.net/${locale}/sdk.js`;
    script.onerror = () => {
      window.clearTimeout(timer);
      loading = null;
      script.remove();
      reject(new Error('facebook sdk: not loaded'));
    };
    document.body.appendChild(script);
  });
  return loading;
}

/** The SDK, initialised once per app id and Graph version (the operator's settings). */
export async function facebookSdk(appId: string, version: string, language: string): Promise<FacebookSdk> {
  const sdk = await loadScript(SDK_LOCALES[language.slice(0, 2)] ?? 'pt_BR');
  const key = `${appId}@${version}`;
  if (initialised !== key) {
    sdk.init({ appId, version, cookie: false, xfbml: false, autoLogAppEvents: false });
    initialised = key;
  }
  return sdk;
}
