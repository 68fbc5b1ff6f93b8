import type { BrowserContext, Page } from 'playwright-core';
import { inject, test } from 'vitest';
import { useTempDir } from '../fixtures/files';
import { makePng } from '../fixtures/png';
import { adminToken } from '../src/api';
import { useBrowser } from '../src/browser';
import { acceptedConversation, attachMedia } from '../src/conversation';
import { createInbox, customerConversation } from '../src/inbox';
import { hides, shows } from '../src/wait';

const b = useBrowser();

/** GETs a stored file with the browser's cookies, as its <img> does: media answer only to their company's sessions. */
async function fetchAsBrowser(url: string) {
  const cookie = (await b.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  return fetch(`${inject('baseUrl')}${url}`, { headers: { cookie } });
}
const files = useTempDir();

function expectEqual<T>(actual: T, expected: T, what: string) {
  if (actual !== expected) throw new Error(`${what}: expected ${String(expected)}, got ${String(actual)}`);
}

/**
 * What a hostile file tries when it runs in the app's origin: mark the page, write to local storage (where
 * the agent's token lives) and call home, once synchronously (so it happens before the page's load event)
 * and once with fetch. Each hostile file carries it; `beacon` names the file in the calls it would make.
 * No `&` or `<` in it: the XML parsers would refuse the whole file (and run nothing for a dull reason).
 */
const probe = (beacon: string) =>
  `document.title='pwned';try{localStorage.setItem('pwned','${beacon}')}catch(e){}` +
  `var x=new XMLHttpRequest();x.open('GET','/pwned-beacon?f=${beacon}',false);try{x.send()}catch(e){}` +
  `fetch('/pwned-beacon?f=${beacon}-fetch').catch(function(){});`;

interface Hostile {
  fileName: string;
  /** What the sender declares, as a browser would believe it if the server passed it on. */
  mimeType: string;
  content: string;
}

/** The classes of issue 11 item 2: SVG with a prolog, XHTML, HTML and XML, each with script inside. */
const HOSTILE: Hostile[] = [
  {
    fileName: 'logo.svg',
    mimeType: 'image/svg+xml',
    content: `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>${probe('svg')}</script><rect width="10" height="10"/></svg>`,
  },
  {
    fileName: 'pagina.xhtml',
    mimeType: 'application/xhtml+xml',
    content: `<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>fatura</title><script>${probe('xhtml')}</script></head><body><p>fatura</p></body></html>`,
  },
  {
    fileName: 'pagina.html',
    mimeType: 'text/html',
    content: `<!doctype html><html><head><title>fatura</title><script>${probe('html')}</script></head><body><p>fatura</p></body></html>`,
  },
  {
    fileName: 'nota.xml',
    mimeType: 'application/xml',
    content: `<?xml version="1.0" encoding="UTF-8"?>\n<nota xmlns:h="http://www.w3.org/1999/xhtml"><h:script>${probe('xml')}</h:script><valor>10</valor></nota>`,
  },
];

/** The customer sends a file as a document through the simulator API (a provider's inbound path). */
async function customerSendsFile(connectionId: number, from: string, file: { fileName: string; mimeType: string; data: Buffer }) {
  const res = await fetch(`${inject('baseUrl')}/simulator/${connectionId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
    body: JSON.stringify({
      from,
      type: file.mimeType.startsWith('image/png') ? 'image' : 'document',
      file: file.data.toString('base64'),
      mimeType: file.mimeType,
      fileName: file.fileName,
      body: file.fileName,
    }),
  });
  if (!res.ok) throw new Error(`POST simulator ${file.fileName} answered ${res.status}: ${await res.text()}`);
}

/** The stored url of every file on the customer's phone (both directions), by the name it was sent with. */
async function storedUrls(connectionId: number, number: string, names: string[]): Promise<Map<string, string>> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const messages = (await customerConversation(connectionId, number)) as unknown as {
      mediaName: string | null;
      mediaUrl: string | null;
    }[];
    const urls = new Map(messages.filter((m) => m.mediaUrl && m.mediaName).map((m) => [m.mediaName as string, m.mediaUrl as string]));
    if (names.every((n) => urls.has(n))) return urls;
    if (Date.now() > deadline) throw new Error(`expected stored files ${names.join(', ')}; the phone has ${[...urls.keys()].join(', ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every request a page of the context makes to the probe's beacon. */
function beaconCalls(context: BrowserContext): string[] {
  const calls: string[] = [];
  context.on('request', (req) => {
    if (req.url().includes('/pwned-beacon')) calls.push(req.url());
  });
  return calls;
}

/** Types a browser runs or renders as a document with script: never what /public may answer with. */
const ACTIVE_TYPES = /html|xml|svg|javascript|ecmascript/i;

async function headersOf(url: string): Promise<Headers> {
  const res = await fetchAsBrowser(url);
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  await res.arrayBuffer();
  return res.headers;
}

/** Opens a stored file the way a person would (its address in the tab) and answers what the page became. */
async function openDirectly(page: Page, url: string) {
  const response = await page.goto(url, { waitUntil: 'load' });
  if (!response) throw new Error(`no response for ${url}`);
  return {
    title: await page.title(),
    contentType: await page.evaluate(() => document.contentType),
    text: await page.evaluate(() => document.body?.textContent ?? ''),
  };
}

test('hostile files a customer and an agent send are stored and served so that nothing in them runs', async () => {
  const { page, context } = b;
  const calls = beaconCalls(context);

  // The probe is real: the same bytes, served as the active type they claim, run in Chromium.
  const control = HOSTILE[1];
  await page.route('**/probe-control', (route) => route.fulfill({ status: 200, contentType: control.mimeType, body: control.content }));
  await page.goto('/probe-control', { waitUntil: 'load' });
  expectEqual(await page.title(), 'pwned', 'title set by the probe where scripts may run');
  expectEqual(await page.evaluate(() => localStorage.getItem('pwned')), 'xhtml', 'local storage written by the probe');
  expectEqual(
    calls.some((c) => c.includes('f=xhtml')),
    true,
    'the probe called its beacon',
  );
  await page.unroute('**/probe-control');
  await page.evaluate(() => localStorage.clear());
  calls.length = 0;

  // Inbound, as a customer would: every hostile file, and a real picture, through the simulator.
  const inbox = await createInbox();
  const contact = `Cliente ${inbox.tag}`;
  const number = await acceptedConversation(page, inbox, contact);
  for (const h of HOSTILE) {
    await customerSendsFile(inbox.connectionId, number, { fileName: h.fileName, mimeType: h.mimeType, data: Buffer.from(h.content) });
  }
  const png = makePng(24, 16);
  await customerSendsFile(inbox.connectionId, number, { fileName: 'foto.png', mimeType: 'image/png', data: png.bytes });

  // Outbound, as an agent would: an SVG with a prolog and script, picked in the conversation's file chooser.
  const agentSvg = {
    fileName: 'grafico.svg',
    content: HOSTILE[0].content.replace(/'svg'/g, "'agent-svg'").replace(/f=svg/g, 'f=agent-svg'),
  };
  await attachMedia(page, [files.write(agentSvg.fileName, Buffer.from(agentSvg.content))]);
  const preview = page.getByRole('dialog', { name: 'Enviar arquivos' });
  await shows(preview.getByText(agentSvg.fileName), 'the agent’s file in the preview');
  await preview.getByRole('button', { name: 'Enviar' }).click();
  await hides(preview, 'the media preview after sending');

  const names = [...HOSTILE.map((h) => h.fileName), agentSvg.fileName];
  const urls = await storedUrls(inbox.connectionId, number, [...names, 'foto.png']);

  for (const name of names) {
    const url = urls.get(name) as string;
    const where = `${name} at ${url}`;
    const headers = await headersOf(url);
    expectEqual(headers.get('x-content-type-options'), 'nosniff', `${where}: X-Content-Type-Options`);
    const csp = headers.get('content-security-policy') ?? '';
    expectEqual(/(^|;)\s*sandbox\s*(;|$)/.test(csp) && csp.includes("default-src 'none'"), true, `${where}: sandbox CSP (${csp})`);
    const servedAs = (headers.get('content-type') ?? '').split(';')[0];
    expectEqual(ACTIVE_TYPES.test(servedAs), false, `${where}: served as an active type (${servedAs})`);
    expectEqual(/\.(svg|xml|xhtml|html?)$/.test(url), false, `${where}: stored with an active extension`);

    if (headers.get('content-disposition') === 'attachment') {
      // Not shown in place at all: Chromium downloads it and the tab never holds it.
      const download = page.waitForEvent('download');
      await page.goto(url).catch(() => {}); // Chromium aborts the navigation of a download
      expectEqual((await download).url(), `${inject('baseUrl')}${url}`, `${where}: the file Chromium downloaded`);
      continue;
    }
    // Shown in place only as plain text: the markup is its own source on the screen, which nothing runs.
    expectEqual(servedAs, 'text/plain', `${where}: served type of a file shown in place`);
    const opened = await openDirectly(page, url);
    expectEqual(opened.contentType, 'text/plain', `${where}: document type Chromium made of it`);
    expectEqual(opened.text.includes('script'), true, `${where}: the source shown as text`);
    expectEqual(opened.title === 'pwned', false, `${where}: the page title was changed by its script`);
  }
  // Scripts run while the document is parsed, before its load event, and the synchronous beacon call
  // would have been made then: every page above has loaded (or was only downloaded), so none of them ran.
  expectEqual(calls.join(', '), '', 'beacon calls made by stored files');
  // A benign picture still shows in place: an image document, no download.
  const pictureUrl = urls.get('foto.png') as string;
  const pictureHeaders = await headersOf(pictureUrl);
  expectEqual(pictureHeaders.get('content-disposition'), null, 'Content-Disposition of a picture');
  expectEqual(pictureHeaders.get('content-type'), 'image/png', 'picture content type');
  await openDirectly(page, pictureUrl);
  expectEqual(
    await page.evaluate(() => document.images[0]?.naturalWidth ?? 0),
    png.width,
    'width of the picture Chromium shows when it is opened directly',
  );
  // Last: the app's page refreshes the session when it opens, which the media reads above must not race.
  await page.goto('/login');
  expectEqual(await page.evaluate(() => localStorage.getItem('pwned')), null, 'local storage of the app written by a stored file');
});

test('a stored file that is neither a picture, media, PDF nor text downloads instead of opening', async () => {
  const { page } = b;
  const inbox = await createInbox();
  const number = await acceptedConversation(page, inbox, `Cliente ${inbox.tag}`);
  // A zip (a signature file-type knows) is kept as .zip: a browser must not show or sniff it in place.
  const zip = Buffer.from('504b0506000000000000000000000000000000000000', 'hex');
  await customerSendsFile(inbox.connectionId, number, { fileName: 'arquivos.zip', mimeType: 'text/html', data: zip });
  const url = (await storedUrls(inbox.connectionId, number, ['arquivos.zip'])).get('arquivos.zip') as string;

  const res = await fetchAsBrowser(url);
  expectEqual(res.ok, true, `GET ${url}`);
  expectEqual(res.headers.get('content-disposition'), 'attachment', 'Content-Disposition');
  expectEqual(res.headers.get('x-content-type-options'), 'nosniff', 'X-Content-Type-Options');
  expectEqual(res.headers.get('content-type')?.startsWith('text/html'), false, 'the sender’s declared type is not served');

  const download = page.waitForEvent('download');
  await page.goto(url).catch(() => {}); // Chromium aborts the navigation of a download
  expectEqual((await download).url(), `${inject('baseUrl')}${url}`, 'the file Chromium downloaded');
});
