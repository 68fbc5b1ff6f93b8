import { test } from 'vitest';
import { apiGet, apiLogin, createUser, unique } from '../src/api';
import { loginAs, menuLink } from '../src/auth';
import { useBrowser } from '../src/browser';
import { atPath, hides, shows, toast } from '../src/wait';

const b = useBrowser();

/** A 1x1 PNG: the server checks the bytes, so the upload must be a real image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

interface SavedOption {
  name: string;
  greetingMessage: string;
  queueType: string;
  optFileId: number | null;
  options: SavedOption[];
}

function assert(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

test('an admin makes a file list, then a queue whose two-level chatbot sends it; both are stored as built', async () => {
  const { page } = b;
  const tag = unique();
  const admin = await createUser({ profile: 'admin' });
  const listName = `Catálogo ${tag}`;
  const queueName = `Vendas ${tag}`;

  await loginAs(page, admin.email, admin.password);

  // 1. The file list, with one file uploaded through the dialog.
  await menuLink(page, 'Lista de arquivos').click();
  await atPath(page, '/files');
  await page.getByRole('button', { name: 'Adicionar' }).click();
  const listDialog = page.getByRole('dialog', { name: 'Adicionar lista de arquivos' });
  await shows(listDialog, 'the file list dialog');
  await listDialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(listName);
  await listDialog.getByRole('textbox', { name: 'Mensagem' }).fill('Segue o nosso catálogo');
  await listDialog.getByRole('textbox', { name: 'Nome do arquivo 1' }).fill('Foto do produto');
  await listDialog.getByTestId('file-option-input').setInputFiles({ name: 'produto.png', mimeType: 'image/png', buffer: PNG });
  await shows(listDialog.getByText('produto.png'), 'the chosen file');
  await listDialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await shows(toast(page, 'Operação realizada com sucesso!'), 'the saved toast');
  await hides(listDialog, 'the file list dialog');
  await shows(page.getByRole('row').filter({ hasText: listName }), 'the new list in the table');

  // 2. The queue with a two-level menu: "Comercial" (a message, then a sub-menu) → "Catálogo" (the file list).
  await menuLink(page, 'Filas & Chatbot').click();
  await atPath(page, '/queues');
  await page.getByRole('button', { name: 'Adicionar fila' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar fila' });
  await shows(dialog, 'the add-queue modal');
  await dialog.getByTestId('queue-name').fill(queueName);
  await dialog.getByRole('textbox', { name: 'Mensagem de saudação' }).fill(`Bem-vindo às vendas ${tag}`);
  await dialog.getByTestId('chatbot-add-1').click();
  const first = dialog.getByTestId('chatbot-option-1');
  await first.getByTestId('chatbot-option-name').fill('Comercial');
  await first.getByTestId('chatbot-option-message').first().fill('Escolha o que deseja');
  await first.getByTestId('chatbot-add-2').click();
  const second = first.getByTestId('chatbot-option-2');
  await second.getByTestId('chatbot-option-name').fill('Catálogo');
  await second.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Lista de arquivos' }).click();
  await second.getByRole('combobox', { name: 'Lista de arquivos' }).click();
  await page.getByRole('option', { name: listName }).click();
  await dialog.getByTestId('queue-save').click();
  await shows(toast(page, 'Operação realizada com sucesso!'), 'the saved toast');
  await hides(dialog, 'the add-queue modal');

  // 3. What the server stored (logging in through the API ends the browser's session: done last).
  const token = await apiLogin(admin.email, admin.password);
  const lists = await apiGet<{
    files: { id: number; name: string; message: string; options: { name: string; path: string; mediaType: string }[] }[];
  }>(`/files?searchParam=${encodeURIComponent(tag)}`, token);
  const list = lists.files.find((f) => f.name === listName);
  assert(!!list, 'the file list is stored');
  assert(list.message === 'Segue o nosso catálogo', 'with its message');
  assert(list.options.length === 1 && list.options[0].name === 'Foto do produto', 'with its one file option');
  assert(
    /^\/public\/company\d+\/fileList\/[0-9a-f]+\.png$/.test(list.options[0].path) && list.options[0].mediaType === 'image',
    'and the uploaded image',
  );

  const queues = await apiGet<{ id: number; name: string; chatbots: SavedOption[] }[]>('/queue', token);
  const queue = queues.find((q) => q.name === queueName);
  assert(!!queue, 'the queue is stored');
  const [commercial] = queue.chatbots;
  assert(queue.chatbots.length === 1 && commercial.name === 'Comercial', 'with one root option');
  assert(commercial.queueType === 'text' && commercial.greetingMessage === 'Escolha o que deseja', 'a text option with its message');
  const [catalog] = commercial.options;
  assert(commercial.options.length === 1 && catalog.name === 'Catálogo', 'and one option below it');
  assert(catalog.queueType === 'file' && catalog.optFileId === (list as unknown as { id: number }).id, 'that sends the file list');
});
