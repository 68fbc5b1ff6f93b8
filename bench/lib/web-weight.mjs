import { gzipSync } from 'node:zlib';

const isJavaScript = (url, contentType) => /\.m?js(\?|$)/.test(new URL(url).pathname) || /javascript/.test(contentType ?? '');

/**
 * One cold navigation: every JavaScript response from the navigation until the list shows and the
 * network has been idle, with the bytes as they travelled (`content-length` of an encoded response)
 * and the body's own size. `acceptEncoding` replaces the browser's Accept-Encoding header when given.
 */
async function coldLoad(page, routePath, acceptEncoding) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (acceptEncoding) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': acceptEncoding } });

  const pending = [];
  let listShown = false;
  const onResponse = (response) => {
    const headers = response.headers();
    if (!isJavaScript(response.url(), headers['content-type'])) return;
    const beforeList = !listShown;
    pending.push(
      (async () => {
        const body = await response.body();
        const encoding = headers['content-encoding'] ?? null;
        const length = Number(headers['content-length']);
        return {
          file: new URL(response.url()).pathname,
          status: response.status(),
          bytes: body.length,
          body,
          encoding,
          transferred: encoding && Number.isFinite(length) ? length : body.length,
          beforeList,
        };
      })(),
    );
  };
  page.on('response', onResponse);
  const started = Date.now();
  try {
    await page.goto(routePath, { waitUntil: 'load' });
    await page.getByTestId('ticket-item').first().waitFor();
    const listMs = Date.now() - started;
    listShown = true;
    // Code asked for after the first paint (a lazy chunk the page pulls in at once) counts as well.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    const files = await Promise.all(pending);
    const failed = files.filter((f) => f.status !== 200);
    if (failed.length > 0) throw new Error(`JavaScript answered with errors: ${failed.map((f) => `${f.file} ${f.status}`).join(', ')}`);
    return { files, listMs };
  } finally {
    page.off('response', onResponse);
    if (acceptEncoding) await cdp.send('Network.setExtraHTTPHeaders', { headers: {} });
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.detach();
  }
}

/**
 * What a logged-in user downloads to open a route with an empty cache, in gzip, the unit of the
 * target: the page is loaded asking for gzip only, so each file's size is the server's own gzip
 * (`content-length` of a `content-encoding: gzip` answer); a file the server sends uncompressed
 * (it keeps no gzip copy of very small files, or does not compress at all) is gzipped here at level 9
 * instead. Each file says which. A second load with Chromium's own Accept-Encoding (brotli first)
 * records what the browser actually transfers.
 */
export async function measureRouteWeight(page, routePath) {
  const gzip = await coldLoad(page, routePath, 'gzip');
  const native = await coldLoad(page, routePath, null);
  const transferred = new Map(native.files.map((f) => [f.file, f]));
  const files = gzip.files
    .map((f) => {
      const served = f.encoding === 'gzip';
      const asBrowser = transferred.get(f.file);
      return {
        file: f.file,
        bytes: f.bytes,
        gzip: served ? f.transferred : gzipSync(f.body, { level: 9 }).length,
        method: served ? 'server gzip (content-length)' : `gzip -9 here (server sent ${f.encoding ?? 'it uncompressed'})`,
        browser: asBrowser ? { bytes: asBrowser.transferred, encoding: asBrowser.encoding ?? 'none' } : null,
        beforeList: f.beforeList,
      };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const sum = (xs, pick) => xs.reduce((s, f) => s + pick(f), 0);
  const methods = new Map();
  for (const f of files) methods.set(f.method, (methods.get(f.method) ?? 0) + 1);
  return {
    files,
    listMs: gzip.listMs,
    totalBytes: sum(files, (f) => f.bytes),
    totalGzip: sum(files, (f) => f.gzip),
    beforeListGzip: sum(
      files.filter((f) => f.beforeList),
      (f) => f.gzip,
    ),
    browserTotal: sum(native.files, (f) => f.transferred),
    browserEncodings: [...new Set(native.files.map((f) => f.encoding ?? 'none'))],
    methods: [...methods].map(([method, n]) => `${method}: ${n} file${n === 1 ? '' : 's'}`),
  };
}
