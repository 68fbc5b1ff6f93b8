import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { ContentDialog } from './ContentDialog';
import { IntervalDialog } from './IntervalDialog';
import { MediaNodeDialog } from './MediaNodeDialog';
import { MenuDialog } from './MenuDialog';
import { OpenAiDialog } from './OpenAiDialog';
import { QuestionDialog } from './QuestionDialog';
import { RandomizerDialog } from './RandomizerDialog';
import { TicketDialog } from './TicketDialog';
import { TypebotDialog } from './TypebotDialog';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../../../lib/notify', () => ({ notify }));

const onSave = vi.fn();
const onClose = vi.fn();
const submit = () => userEvent.click(screen.getByTestId('node-dialog-submit'));

describe('flow node dialogs', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.get.mockResolvedValue([
      { id: 3, name: 'Vendas', color: '#f00' },
      { id: 4, name: 'Suporte', color: '#00f' },
    ]);
  });

  test('interval: required "Adicione o valor de intervalo", above 120 "Máximo de tempo atingido 120 segundos"', async () => {
    renderWithProviders(<IntervalDialog data={null} onSave={onSave} onClose={onClose} />);
    await submit();
    expect(await screen.findByText('Adicione o valor de intervalo')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('interval-seconds'), '121');
    await submit();
    expect(await screen.findByText('Máximo de tempo atingido 120 segundos')).toBeInTheDocument();
    await userEvent.clear(screen.getByTestId('interval-seconds'));
    await userEvent.type(screen.getByTestId('interval-seconds'), '0');
    await submit();
    expect(await screen.findByText('Adicione o valor de intervalo')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByTestId('interval-seconds'));
    await userEvent.type(screen.getByTestId('interval-seconds'), '120');
    await submit();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ label: 'Intervalo de 120 seg.', sec: 120 }));
  });

  test('content: no block or an empty text is "Campos de mensagem vazio!"; a media card without a file stops the save', async () => {
    renderWithProviders(<ContentDialog data={null} variables={['nome']} onSave={onSave} onClose={onClose} saveDelayMs={0} />);
    expect(screen.getByText('Adicionar conteúdo ao fluxo')).toBeInTheDocument();
    await submit();
    expect(await screen.findByTestId('content-problem')).toHaveTextContent('Campos de mensagem vazio!');
    await userEvent.click(screen.getByTestId('content-add-message'));
    await submit();
    expect(screen.getByTestId('content-problem')).toHaveTextContent('Campos de mensagem vazio!');
    await userEvent.type(screen.getByTestId('content-message-0'), 'Olá');
    await userEvent.click(screen.getByTestId('content-add-img'));
    await submit();
    expect(screen.getByTestId('content-problem')).toHaveTextContent('Delete os cards vazios(Imagem, Audio e Video)');
    await userEvent.click(screen.getByRole('button', { name: 'Remover Imagem 2' }));
    await userEvent.click(screen.getByTestId('content-add-interval'));
    await userEvent.type(screen.getByTestId('content-interval-1'), '500');
    await submit();
    expect(screen.getByTestId('content-problem')).toHaveTextContent('Máximo de tempo atingido 120 segundos');
    expect(onSave).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith('Delete os cards vazios(Imagem, Audio e Video)', 'error');
  });

  test('content: blocks keep their order, variables are inserted as {{name}}, and text-only content saves without uploading', async () => {
    renderWithProviders(<ContentDialog data={null} variables={['nome']} onSave={onSave} onClose={onClose} saveDelayMs={0} />);
    await userEvent.click(screen.getByTestId('content-add-interval'));
    await userEvent.click(screen.getByTestId('content-add-message'));
    await userEvent.type(screen.getByTestId('content-interval-0'), '5');
    await userEvent.type(screen.getByTestId('content-message-1'), 'Olá');
    await userEvent.click(screen.getByText('{{nome}}'));
    await userEvent.click(screen.getByRole('button', { name: 'Subir 2' }));
    await submit();
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        seq: ['message1', 'interval2'],
        elements: [
          { number: 'message1', type: 'message', value: 'Olá {{nome}}' },
          { number: 'interval2', type: 'interval', value: '5' },
        ],
      }),
    );
    expect(api.post).not.toHaveBeenCalled();
  });

  test('content: a picked audio goes up as multipart "medias" and the node keeps the stored url and the voice-note flag', async () => {
    api.post.mockResolvedValue([{ name: '/public/company1/flowbuilder/abc.mp3', original: 'voz.mp3', mediaType: 'audio' }]);
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    renderWithProviders(<ContentDialog data={null} variables={[]} onSave={onSave} onClose={onClose} saveDelayMs={0} />);
    await userEvent.click(screen.getByTestId('content-add-audio'));
    await userEvent.upload(screen.getByTestId('content-file-0'), new File(['ID3'], 'voz.mp3', { type: 'audio/mpeg' }));
    await userEvent.click(screen.getByLabelText('Enviar como audio gravado na hora'));
    await submit();
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    const [path, form] = api.post.mock.calls[0];
    expect(path).toBe('/flowbuilder/content');
    expect((form as FormData).getAll('medias').map((f) => (f as File).name)).toEqual(['voz.mp3']);
    expect(onSave).toHaveBeenCalledWith({
      seq: ['audio1'],
      elements: [{ number: 'audio1', type: 'audio', value: '/public/company1/flowbuilder/abc.mp3', original: 'voz.mp3', record: true }],
    });
    expect(notify).toHaveBeenCalledWith('Conteúdo adicionada com sucesso!');
  });

  test('content: a file over 20 MB is refused when picked with "Arquivo é muito grande! 20MB máximo"', async () => {
    renderWithProviders(<ContentDialog data={null} variables={[]} onSave={onSave} onClose={onClose} saveDelayMs={0} />);
    await userEvent.click(screen.getByTestId('content-add-video'));
    const big = new File(['x'], 'filme.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 20_000_001 });
    await userEvent.upload(screen.getByTestId('content-file-0'), big);
    expect(notify).toHaveBeenCalledWith('Arquivo é muito grande! 20MB máximo', 'error');
    expect(screen.getByText('Nenhum arquivo escolhido')).toBeInTheDocument();
  });

  test('menu: message and every option are required; options are numbered from 1 and only the last can be removed', async () => {
    renderWithProviders(<MenuDialog data={null} onSave={onSave} onClose={onClose} />);
    await submit();
    expect(await screen.findAllByText('Obrigatório')).toHaveLength(2);
    await userEvent.type(screen.getByTestId('menu-message'), 'Escolha');
    await userEvent.type(screen.getByTestId('menu-option-1'), 'Vendas');
    await userEvent.click(screen.getByTestId('menu-add-option'));
    await userEvent.click(screen.getByTestId('menu-add-option'));
    expect(screen.getAllByRole('button', { name: 'Remover a última opção' })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Remover a última opção' }));
    await userEvent.type(screen.getByTestId('menu-option-2'), 'Suporte');
    await submit();
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        message: 'Escolha',
        arrayOption: [
          { number: 1, value: 'Vendas' },
          { number: 2, value: 'Suporte' },
        ],
      }),
    );
  });

  test('question ("Perguta"): message and answerKey are required; the key is a variable name', async () => {
    renderWithProviders(<QuestionDialog data={null} onSave={onSave} onClose={onClose} />);
    expect(screen.getByText('Perguta')).toBeInTheDocument();
    await submit();
    expect(await screen.findAllByText('Obrigatório')).toHaveLength(2);
    await userEvent.type(screen.getByTestId('question-message'), 'Qual seu nome?');
    await userEvent.type(screen.getByTestId('question-answer-key'), 'meu nome');
    await submit();
    expect(await screen.findByText('Use letras, números e _ (sem espaços)')).toBeInTheDocument();
    await userEvent.clear(screen.getByTestId('question-answer-key'));
    await userEvent.type(screen.getByTestId('question-answer-key'), 'nome');
    await submit();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ message: 'Qual seu nome?', answerKey: 'nome' }));
  });

  test('ticket: a queue is required ("Adicione uma fila"); the node keeps its id and name', async () => {
    renderWithProviders(<TicketDialog data={null} onSave={onSave} onClose={onClose} />);
    await submit();
    expect(await screen.findByText('Adicione uma fila')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: 'Suporte' }));
    await submit();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ id: 4, name: 'Suporte' }));
  });

  test('randomizer: the percentage goes in steps of 10 and path B gets the rest', async () => {
    renderWithProviders(<RandomizerDialog data={{ percent: 30 }} onSave={onSave} onClose={onClose} />);
    expect(screen.getByText('Caminho A: 30% · Caminho B: 70%')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox'));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['0%', '10%', '20%', '30%', '40%', '50%', '60%', '70%', '80%', '90%', '100%']);
    await userEvent.click(options[8]);
    await submit();
    expect(onSave).toHaveBeenCalledWith({ percent: 80 });
  });

  test('typebot: name 2 to 50 ("Too Short!"), URL and slug "Required"; delay 1000 and expiry 1 by default', async () => {
    renderWithProviders(<TypebotDialog data={null} onSave={onSave} onClose={onClose} />);
    expect(screen.getByTestId('typebot-typebotDelayMessage')).toHaveValue(1000);
    expect(screen.getByTestId('typebot-typebotExpires')).toHaveValue(1);
    await userEvent.type(screen.getByTestId('typebot-name'), 'a');
    await submit();
    expect(await screen.findByText('Too Short!')).toBeInTheDocument();
    expect(screen.getAllByText('Required')).toHaveLength(2);
    await userEvent.type(screen.getByTestId('typebot-name'), 'tendimento');
    await userEvent.type(screen.getByTestId('typebot-urlN8N'), 'https://typebot.local');
    await userEvent.type(screen.getByTestId('typebot-typebotSlug'), 'boas-vindas');
    await submit();
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        expect.objectContaining({
          name: 'atendimento',
          urlN8N: 'https://typebot.local',
          typebotSlug: 'boas-vindas',
          typebotDelayMessage: 1000,
          typebotExpires: 1,
        }),
      ),
    );
  });

  test('openai: name, API key and prompt are required; voice texto, 100 tokens, temperature 1 and 10 messages by default', async () => {
    renderWithProviders(<OpenAiDialog data={null} onSave={onSave} onClose={onClose} />);
    expect(screen.getByLabelText('Máximo de tokens na resposta')).toHaveValue(100);
    expect(screen.getByLabelText('Temperatura')).toHaveValue(1);
    expect(screen.getByLabelText('Máximo de mensagens no histórico')).toHaveValue(10);
    expect(screen.getByTestId('openai-api-key')).toHaveAttribute('type', 'password');
    await submit();
    expect(await screen.findAllByText('Obrigatório')).toHaveLength(3);
    await userEvent.type(screen.getByTestId('openai-name'), 'Assistente');
    await userEvent.type(screen.getByTestId('openai-api-key'), 'sk-test');
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar a chave' }));
    expect(screen.getByTestId('openai-api-key')).toHaveAttribute('type', 'text');
    await userEvent.type(screen.getByTestId('openai-prompt'), 'Você é um atendente.');
    await submit();
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        expect.objectContaining({
          name: 'Assistente',
          apiKey: 'sk-test',
          prompt: 'Você é um atendente.',
          voice: 'texto',
          maxTokens: 100,
          temperature: 1,
          maxMessages: 10,
        }),
      ),
    );
  });
  test('earlier-style media nodes: the older limits (image 2 MB), and audio goes to /flowbuilder/audio with fromMe, medias and body', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const { unmount } = renderWithProviders(<MediaNodeDialog type="img" data={null} onSave={onSave} onClose={onClose} />);
    await submit();
    expect(await screen.findByText('Delete os cards vazios(Imagem, Audio e Video)')).toBeInTheDocument();
    const photo = new File(['x'], 'foto.png', { type: 'image/png' });
    Object.defineProperty(photo, 'size', { value: 2_000_001 });
    await userEvent.upload(screen.getByTestId('media-node-file'), photo);
    expect(notify).toHaveBeenCalledWith('Arquivo é muito grande! 2MB máximo', 'error');
    unmount();

    api.post.mockResolvedValue({ name: '/public/company1/flowbuilder/b.ogg', original: 'voz.ogg', mediaType: 'audio' });
    renderWithProviders(<MediaNodeDialog type="audio" data={null} onSave={onSave} onClose={onClose} />);
    await userEvent.upload(screen.getByTestId('media-node-file'), new File(['OggS'], 'voz.ogg', { type: 'audio/ogg' }));
    await userEvent.click(screen.getByLabelText('Enviar como audio gravado na hora'));
    await submit();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ url: '/public/company1/flowbuilder/b.ogg', record: true }));
    const [path, form] = api.post.mock.calls[0];
    expect(path).toBe('/flowbuilder/audio');
    expect([(form as FormData).get('fromMe'), (form as FormData).get('body'), ((form as FormData).get('medias') as File).name]).toEqual([
      'true',
      'voz.ogg',
      'voz.ogg',
    ]);
  });
});
