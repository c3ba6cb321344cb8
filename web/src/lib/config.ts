/** Runtime configuration served by the gateway at `/config.json` (never baked into the build). */
export interface RuntimeConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint: string | null;
  authFlowType: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';
}

let pending: Promise<RuntimeConfig> | null = null;

export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const v = (value ?? {}) as Record<string, unknown>;
  const str = (k: string) => {
    if (typeof v[k] !== 'string' || !v[k]) throw new Error(`config.json: missing ${k}`);
    return v[k] as string;
  };
  return {
    region: str('region'),
    userPoolId: str('userPoolId'),
    userPoolClientId: str('userPoolClientId'),
    userPoolEndpoint:
      typeof v.userPoolEndpoint === 'string' && v.userPoolEndpoint ? v.userPoolEndpoint : null,
    authFlowType: v.authFlowType === 'USER_PASSWORD_AUTH' ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH',
  };
}

/** Fetches `/config.json` once per page load. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetch('/config.json', { credentials: 'include', cache: 'no-store' })
    .then(async (res) => {
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
      return parseRuntimeConfig(await res.json());
    })
    .catch((err) => {
      pending = null;
      throw err;
    });
  return pending;
}
