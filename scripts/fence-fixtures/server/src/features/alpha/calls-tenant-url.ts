// Breach: a feature calling an address (a tenant's webhook URL) with the global fetch, around the outbound guard.
export async function notify(url: string): Promise<number> {
  const res = await fetch(url, { method: 'POST' });
  return res.status;
}

// Breach: the same through an alias of the global object.
export const later = (url: string) => globalThis.fetch(url);
