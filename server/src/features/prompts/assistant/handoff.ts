/**
 * When the assistant stops and a human takes over. The customer asks for one with words such as
 * "atendente" or "humano" (accents and case ignored); the model asks for one by writing the marker
 * below anywhere in its answer (the system prompt tells it so). The marker is never sent to the customer.
 */
export const HANDOFF_MARKER = '[TRANSFERIR_ATENDENTE]';

const HUMAN_WORDS = ['atendente', 'humano', 'pessoa real', 'falar com alguem', 'human', 'agent', 'persona', 'agente'];

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase()
    .replace(/\s+/g, ' ');

export function customerAsksForHuman(text: string): boolean {
  const plain = ` ${normalise(text).replace(/[^\p{L}\p{N} ]/gu, ' ')} `;
  return HUMAN_WORDS.some((word) => plain.includes(` ${word} `));
}

/** The answer without the marker, and whether it carried one. */
export function takeHandoffMarker(answer: string): { text: string; handoff: boolean } {
  if (!answer.includes(HANDOFF_MARKER)) return { text: answer.trim(), handoff: false };
  return {
    text: answer
      .split(HANDOFF_MARKER)
      .join(' ')
      .replace(/[ \t]+/g, ' ')
      .trim(),
    handoff: true,
  };
}

export const HANDOFF_INSTRUCTION = `Se o cliente pedir para falar com um atendente humano, ou se você não puder ajudar, responda com uma breve despedida seguida de ${HANDOFF_MARKER}.`;
