import type { FlowMenuOption } from '@chatflow/contract';
import { type Outcome, type StepContext, sayText } from '../step-context';
import { phraseKey } from '../../flow-campaigns';
import { asText } from '../text';

export const INVALID_OPTION = 'Opção inválida, por favor escolha uma das opções abaixo.';

export function menuOptions(data: Record<string, unknown>): FlowMenuOption[] {
  const options = Array.isArray(data.arrayOption) ? (data.arrayOption as FlowMenuOption[]) : [];
  return options.filter((o) => Number.isInteger(Number(o.number))).map((o) => ({ number: Number(o.number), value: asText(o.value) }));
}

/** Channels whose provider renders a list message (WhatsApp Cloud API); the others get numbered text. */
const LIST_CHANNELS = ['whatsappapi'];

/**
 * Shows the menu: a list message where the channel can render one (the reply carries the option's
 * number as its id), else the message and one numbered line per option.
 */
export async function sendMenu(ctx: StepContext, header = ''): Promise<void> {
  const message = [header, asText(ctx.node.data.message)].filter((s) => s.trim()).join('\n\n');
  const options = menuOptions(ctx.node.data);
  if (LIST_CHANNELS.includes(ctx.connection.channel) && options.length <= 10) {
    const dataJson = {
      title: '',
      description: message,
      footerText: '',
      buttonText: 'Opções',
      sections: [
        { title: 'Opções', rows: options.map((o) => ({ title: o.value.slice(0, 24), description: '', rowId: String(o.number) })) },
      ],
    };
    await sayText(ctx, message || 'Opções', { mediaType: 'listMessage', dataJson });
    return;
  }
  const lines = options.map((o) => `*[ ${o.number} ]* - ${o.value}`);
  await sayText(ctx, [message, lines.join('\n')].filter(Boolean).join('\n\n'));
}

export async function runMenu(ctx: StepContext): Promise<Outcome> {
  await sendMenu(ctx);
  return { kind: 'wait', waitingFor: 'menu' };
}

/**
 * Which option an answer picks: a list reply's id, the option's number ("2", "[2]", "2."), or its text
 * written out (accents, case and spaces forgiven). Null when it picks none: the menu is asked again.
 */
export function pickOption(options: FlowMenuOption[], body: string, dataJson: unknown): FlowMenuOption | null {
  const reply = (dataJson as { interactiveReply?: { id?: string } } | null)?.interactiveReply?.id;
  const cleaned = (reply ?? body).trim().replace(/^\*?\[?\s*|\s*\]?\*?\.?$/g, '');
  if (/^\d{1,3}$/.test(cleaned)) return options.find((o) => o.number === Number(cleaned)) ?? null;
  const key = phraseKey(body);
  return (key && options.find((o) => phraseKey(o.value) === key)) || null;
}
