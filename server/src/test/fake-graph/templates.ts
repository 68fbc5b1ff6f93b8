// Message template fixtures for the server and e2e tests: a business account's templates in Graph's shape.
import type { FakeTemplate } from './meta-shapes';

/** Five templates of every kind the product treats apart (three pages at the fake's two a page). */
export const sampleTemplates = (): FakeTemplate[] => [
  {
    id: '7001',
    name: 'pedido_enviado',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}', example: { header_text: ['123'] } },
      { type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} foi enviado.', example: { body_text: [['Ana', '123']] } },
      { type: 'FOOTER', text: 'Loja Exemplo' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'URL', text: 'Rastrear', url: 'https://loja.example/rastreio/{{1}}', example: ['https://loja.example/rastreio/ABC'] },
          { type: 'QUICK_REPLY', text: 'Falar com atendente' },
        ],
      },
    ],
  },
  {
    id: '7002',
    name: 'boas_vindas',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'MARKETING',
    parameter_format: 'NAMED',
    components: [
      {
        type: 'BODY',
        text: 'Oi {{first_name}}! Temos novidades para você.',
        example: { body_text_named_params: [{ param_name: 'first_name', example: 'Ana' }] },
      },
    ],
  },
  {
    id: '7003',
    name: 'promo_pausada',
    language: 'pt_BR',
    status: 'PAUSED',
    category: 'MARKETING',
    components: [{ type: 'BODY', text: 'Promoção' }],
  },
  {
    id: '7004',
    name: 'recusado',
    language: 'en_US',
    status: 'REJECTED',
    category: 'MARKETING',
    components: [{ type: 'BODY', text: 'Hello' }],
  },
  {
    id: '7005',
    name: 'com_imagem',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'MARKETING',
    components: [
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW1hZ2U='] } },
      { type: 'BODY', text: 'Veja a foto' },
    ],
  },
];

/** A `message_template_status_update` delivery for a business account, in Meta's documented envelope. */
export function templateStatusDelivery(
  wabaId: string,
  template: { id: string; name: string; language: string },
  event: string,
  reason = 'NONE',
) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: wabaId,
        time: Math.floor(Date.now() / 1000),
        changes: [
          {
            field: 'message_template_status_update',
            value: {
              event,
              message_template_id: Number(template.id),
              message_template_name: template.name,
              message_template_language: template.language,
              reason,
            },
          },
        ],
      },
    ],
  };
}
