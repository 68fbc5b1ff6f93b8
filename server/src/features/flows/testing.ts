import type { FlowConnection, FlowNode } from '@chatflow/contract';

/** A node of `type` with a 30-character id derived from `tag` (tests name nodes by tag). */
export const node = (tag: string, type: FlowNode['type'], data: Record<string, unknown> = {}): FlowNode => ({
  id: tag.padEnd(30, 'x'),
  position: { x: 0, y: 0 },
  type,
  data,
});

export const edge = (from: FlowNode, to: FlowNode, sourceHandle = 'a'): FlowConnection => ({
  id: `reactflow__edge-${from.id}${sourceHandle}-${to.id}a`,
  source: from.id,
  target: to.id,
  sourceHandle,
  targetHandle: 'a',
});

/** start → content → menu (two options) → question on option 1, the drawing the E2E also makes. */
export function sampleFlow() {
  const start = node('start', 'start', { label: 'Inicio do fluxo' });
  const content = node('content', 'singleBlock', {
    seq: ['message0'],
    elements: [{ number: 'message0', type: 'message', value: 'Olá {{nome}}' }],
  });
  const menu = node('menu', 'menu', {
    message: 'Escolha',
    arrayOption: [
      { number: 1, value: 'Vendas' },
      { number: 2, value: 'Suporte' },
    ],
  });
  const question = node('question', 'question', { message: 'Qual seu nome?', answerKey: 'nome' });
  return {
    nodes: [start, content, menu, question],
    connections: [edge(start, content), edge(content, menu), edge(menu, question, 'a1')],
    parts: { start, content, menu, question },
  };
}
