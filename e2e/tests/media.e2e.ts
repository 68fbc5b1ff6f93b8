import { inject, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { adminToken } from '../src/api';
import { useBrowser } from '../src/browser';
import { withCustomerPhone } from '../src/phone';
import { acceptedConversation, attachMedia, conversationMessage } from '../src/conversation';
import { createInbox, customerConversation } from '../src/inbox';
import { hides, shows } from '../src/wait';
import { useTempDir } from '../fixtures/files';
import { makePng } from '../fixtures/png';

const b = useBrowser();

/** GETs a stored file with the browser's cookies, as its <img> does: media answer only to their company's sessions. */
async function fetchAsBrowser(url: string) {
  const cookie = (await b.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  return fetch(`${inject('baseUrl')}${url}`, { headers: { cookie } });
}
const files = useTempDir();

/** The picture of an image message: the thumbnail inside its "Ampliar imagem" button. */
const messageImage = (message: Locator) => message.getByRole('button', { name: 'Ampliar imagem' }).locator('img');

/**
 * Waits until an <img> has loaded and decoded, and answers its natural width: 0 would mean the
 * browser got no picture (a broken link or bytes that are not an image).
 */
async function loadedWidth(page: Page, image: Locator, what: string): Promise<number> {
  await shows(image, what);
  try {
    await page.waitForFunction(
      (el) => {
        const img = el as HTMLImageElement | null;
        return !!img && img.complete && img.naturalWidth > 0;
      },
      await image.first().elementHandle(),
      { timeout: 15_000 },
    );
  } catch {
    throw new Error(`expected ${what} to load as a picture`);
  }
  return image.first().evaluate((el) => (el as HTMLImageElement).naturalWidth);
}

function expectEqual<T>(actual: T, expected: T, what: string) {
  if (actual !== expected) throw new Error(`${what}: expected ${String(expected)}, got ${String(actual)}`);
}

/** A message as the customer's phone lists it (GET /simulator/{id}/messages, README "Simulator"). */
interface PhoneMessage {
  fromCustomer: boolean;
  type: string;
  body: string;
  mediaUrl: string | null;
}

/** What the company sent to the customer's phone so far. */
async function repliesOnPhone(connectionId: number, number: string): Promise<PhoneMessage[]> {
  const all = (await customerConversation(connectionId, number)) as unknown as PhoneMessage[];
  return all.filter((m) => !m.fromCustomer);
}

/** Polls the phone's view until `done` holds (replies leave through a job, after the HTTP answer). */
async function phoneShows(connectionId: number, number: string, done: (replies: PhoneMessage[]) => boolean, what: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const replies = await repliesOnPhone(connectionId, number);
    if (done(replies)) return replies;
    if (Date.now() > deadline) throw new Error(`expected the customer phone to show ${what}; it has ${JSON.stringify(replies)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('the agent sends an image with a caption: it shows in the conversation and reaches the customer phone', async () => {
  const { page } = b;
  const inbox = await createInbox();
  const contact = `Cliente ${inbox.tag}`;
  const png = makePng(64, 48);
  const picture = files.write('foto-produto.png', png.bytes);
  const number = await acceptedConversation(page, inbox, contact);

  await attachMedia(page, [picture]);
  const preview = page.getByRole('dialog', { name: 'Enviar arquivos' });
  await shows(preview, 'the media preview');
  await shows(preview.getByText('foto-produto.png'), 'the file name in the preview');
  expectEqual(await loadedWidth(page, preview.locator('img'), 'the thumbnail in the preview'), png.width, 'preview width');
  const caption = `Segue a foto do produto ${inbox.tag}`;
  await preview.getByRole('textbox', { name: 'Legenda' }).fill(caption);
  await preview.getByRole('button', { name: 'Enviar' }).click();
  await hides(preview, 'the media preview after sending');

  const sent = conversationMessage(page, caption);
  await shows(sent, 'the sent image message in the conversation');
  expectEqual(await loadedWidth(page, messageImage(sent), 'the sent image in the conversation'), png.width, 'sent image width');

  // The customer's phone: the simulator page, on the customer's number, shows the picture.
  await withCustomerPhone(b, inbox.connectionId, async (phone) => {
    await phone.getByLabel('Número do cliente').fill(number);
    const received = phone.getByTestId('simulator-messages').getByRole('img', { name: 'foto-produto.png' });
    expectEqual(await loadedWidth(phone, received, 'the image on the customer phone'), png.width, 'received image width');
    await shows(phone.getByTestId('simulator-messages').getByText(caption), 'the caption on the customer phone');
  });

  // And the phone's API view agrees: one image reply, whose file is the bytes the agent picked.
  const images = (await repliesOnPhone(inbox.connectionId, number)).filter((m) => m.type === 'image');
  expectEqual(images.length, 1, 'image replies the customer received');
  const mediaUrl = images[0]?.mediaUrl;
  const file = await fetchAsBrowser(mediaUrl as string);
  expectEqual(file.ok, true, `GET ${mediaUrl}`);
  expectEqual(Buffer.from(await file.arrayBuffer()).equals(png.bytes), true, 'the received file is the picked picture');
});

test('a text file named .png is refused with "Arquivo inválido!" and nothing is sent', async () => {
  const { page } = b;
  const inbox = await createInbox();
  const contact = `Cliente ${inbox.tag}`;
  const fake = files.write('nao-e-foto.png', Buffer.from('isto é um texto, não uma imagem\n'));
  const number = await acceptedConversation(page, inbox, contact);

  await attachMedia(page, [fake]);
  const preview = page.getByRole('dialog', { name: 'Enviar arquivos' });
  await shows(preview.getByText('nao-e-foto.png'), 'the file in the preview');
  await preview.getByRole('textbox', { name: 'Legenda' }).fill(`Não deveria chegar ${inbox.tag}`);
  await preview.getByRole('button', { name: 'Enviar' }).click();
  // The reason shows inside the dialog, which stays open so the file can be removed.
  await shows(preview.getByRole('alert').filter({ hasText: 'Arquivo inválido!' }), 'the refusal in the media preview');
  await preview.getByRole('button', { name: 'Excluir' }).click();
  await hides(preview, 'the media preview once its only file is removed');

  // Nothing reached the conversation or the phone: the text the agent sends next arrives alone.
  const next = `Pode mandar por e-mail? ${inbox.tag}`;
  const messageBox = page.getByRole('textbox', { name: 'Mensagem', exact: true });
  await messageBox.fill(next);
  await messageBox.press('Enter');
  await shows(conversationMessage(page, next), 'the text reply in the conversation');
  expectEqual(await conversationMessage(page, 'Não deveria chegar').count(), 0, 'refused messages in the conversation');
  const replies = await phoneShows(inbox.connectionId, number, (r) => r.some((m) => m.body.includes(next)), 'the text reply');
  expectEqual(replies.filter((m) => m.type === 'image' || m.body.includes('Não deveria chegar')).length, 0, 'refused files on the phone');
});

test('the customer sends an image through the simulator API and the agent sees it', async () => {
  const { page } = b;
  const inbox = await createInbox();
  const contact = `Cliente ${inbox.tag}`;
  const number = await acceptedConversation(page, inbox, contact);
  const png = makePng(40, 30);
  const caption = `Olha o defeito ${inbox.tag}`;

  const res = await fetch(`${inject('baseUrl')}/simulator/${inbox.connectionId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
    body: JSON.stringify({
      from: number,
      name: contact,
      type: 'image',
      file: png.bytes.toString('base64'),
      mimeType: 'image/png',
      fileName: 'defeito.png',
      body: caption,
    }),
  });
  if (!res.ok) throw new Error(`POST simulator image answered ${res.status}: ${await res.text()}`);

  // Realtime: it appears in the open conversation without a reload, as a picture that loads.
  const received = conversationMessage(page, caption);
  await shows(received, 'the customer image in the conversation');
  expectEqual(await loadedWidth(page, messageImage(received), 'the customer image'), png.width, 'customer image width');

  await messageImage(received).click();
  const viewer = page.getByTestId('image-preview');
  expectEqual(await loadedWidth(page, viewer.locator('img'), 'the enlarged image'), png.width, 'enlarged image width');
  await page.keyboard.press('Escape');
  await hides(viewer.locator('img'), 'the enlarged image after Escape');
});
