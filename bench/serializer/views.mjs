/**
 * A realistic page of ticket views and of message views, as GET /tickets and GET /messages/{uuid}
 * answer them: Portuguese names and support phrases, most tickets with a queue, an agent and tags,
 * some messages quoting another or carrying structured data. Deterministic (seeded).
 */
const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Eduarda', 'Felipe', 'Gabriela', 'Henrique', 'Isabela', 'João'];
const LAST = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Lima', 'Pereira', 'Costa', 'Almeida', 'Ferreira', 'Rodrigues'];
const PHRASES = [
  'Olá, gostaria de saber o status do meu pedido número 48213, comprei na semana passada.',
  'Bom dia! O produto chegou com defeito, como faço para trocar?',
  'Obrigado pelo atendimento, ficou tudo resolvido.',
  'Pode me enviar a segunda via do boleto? O protocolo é 2026-11-0042.',
  'Qual o prazo de entrega para Belo Horizonte?',
];

function seeded(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function ticketPage(size = 40, seed = 1) {
  const rnd = seeded(seed);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const tickets = Array.from({ length: size }, (_, i) => {
    const id = 900_000 + i;
    const name = `${pick(FIRST)} ${pick(LAST)}`;
    const withQueue = rnd() < 0.9;
    const withUser = rnd() < 0.7;
    const stamp = new Date(Date.UTC(2026, 10, 20, 8, i)).toISOString();
    return {
      id,
      uuid: `3f1c${String(id).padStart(4, '0')}-8b2a-4c1e-9d7f-0a1b2c3d4e5f`,
      status: pick(['open', 'pending', 'open', 'closed']),
      channel: 'whatsapp',
      queueId: withQueue ? 3 : null,
      queue: withQueue ? { id: 3, name: 'Suporte técnico', color: '#1976d2' } : null,
      contactId: 40_000 + i,
      contact: {
        id: 40_000 + i,
        name,
        number: `55119${String(80_000_000 + i * 7919).slice(0, 8)}`,
        email: rnd() < 0.3 ? `${name.split(' ')[0].toLowerCase()}@exemplo.com.br` : '',
        urlPicture: rnd() < 0.5 ? `/public/company1/contacts/${40_000 + i}.jpg` : '',
        disableBot: false,
        active: true,
        acceptAudioMessage: true,
        isGroup: false,
      },
      whatsappId: 1,
      whatsapp: { id: 1, name: 'Atendimento principal', channel: 'whatsapp', groupAsTicket: 'disabled' },
      userId: withUser ? 12 : null,
      user: withUser ? { id: 12, name: 'Mariana Agente' } : null,
      lastMessage: pick(PHRASES),
      unreadMessages: Math.floor(rnd() * 4),
      isBot: false,
      isGroup: false,
      useIntegration: false,
      amount: null,
      tags: rnd() < 0.5 ? [{ id: 7, name: 'VIP', color: '#e91e63' }] : [],
      userRating: null,
      createdAt: stamp,
      updatedAt: stamp,
    };
  });
  return { tickets, count: 1000, hasMore: true };
}

export function messagePage(size = 40, seed = 2) {
  const rnd = seeded(seed);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const messages = Array.from({ length: size }, (_, i) => {
    const id = 5_000_000 + i;
    const fromMe = rnd() < 0.5;
    const stamp = new Date(Date.UTC(2026, 10, 20, 9, i)).toISOString();
    const media = rnd() < 0.1;
    return {
      id,
      ticketId: 900_001,
      companyId: 1,
      body: pick(PHRASES),
      fromMe,
      read: true,
      mediaType: media ? 'image' : 'conversation',
      mediaUrl: media ? `/public/company1/${id}.jpg` : null,
      mediaName: media ? 'foto.jpg' : null,
      ack: fromMe ? 3 : 0,
      isPrivate: false,
      isDeleted: false,
      isEdited: false,
      isForwarded: false,
      queueId: 3,
      userId: fromMe ? 12 : null,
      participant: null,
      dataJson: rnd() < 0.05 ? { title: 'Menu', description: 'Escolha', footerText: '', buttonText: 'Ver', sections: [] } : null,
      contact: fromMe ? null : { id: 40_001, name: 'Bruno Santos', urlPicture: '' },
      quotedMsg:
        rnd() < 0.15
          ? { id: id - 1, body: pick(PHRASES), fromMe: !fromMe, mediaType: 'conversation', mediaUrl: null, contact: null }
          : null,
      ticket: { id: 900_001, uuid: '3f1c0001-8b2a-4c1e-9d7f-0a1b2c3d4e5f', queueId: 3, userId: 12, whatsappId: 1 },
      createdAt: stamp,
      updatedAt: stamp,
    };
  });
  return { messages, hasMore: true };
}
