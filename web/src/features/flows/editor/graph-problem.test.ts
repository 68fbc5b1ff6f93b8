import { describe, expect, test } from 'vitest';
import i18n from '../../../i18n';
import { ApiError } from '../../../lib/api';
import type { EditorNode } from './flow-model';
import { findFlowGraphProblem, graphProblemOf, graphProblemText } from './graph-problem';

const node = (id: string, type: EditorNode['type'], data: Record<string, unknown> = {}): EditorNode => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data,
});
const edge = (id: string, source: string, target: string, sourceHandle = 'a') => ({ id, source, target, sourceHandle, targetHandle: 'a' });

describe('the editor names the node a graph rule is about', () => {
  const t = i18n.t.bind(i18n);
  const nodes = [node('s', 'start'), node('c', 'singleBlock', {}), node('k', 'ticket', { name: 'Vendas' })];

  test('a loop without a waiting node names a node on the loop', () => {
    const problem = findFlowGraphProblem({ nodes, connections: [edge('1', 's', 'c'), edge('2', 'c', 'k'), edge('3', 'k', 'c')] });
    expect(problem?.code).toBe('ERR_FLOW_CYCLE_WITHOUT_WAIT');
    const text = graphProblemText(t, problem as NonNullable<typeof problem>, nodes);
    expect(text).toMatch(/^O fluxo volta para "(Conteúdo|Ticket: Vendas)" sem passar por um nó que espera/);
  });

  test('a menu edge from a removed option, and a flow without start', () => {
    const menu = node('m', 'menu', { message: 'Escolha uma opção', arrayOption: [{ number: 1, value: 'A' }] });
    const problem = findFlowGraphProblem({ nodes: [...nodes, menu], connections: [edge('1', 'm', 'c', 'a2')] });
    expect(graphProblemText(t, problem as NonNullable<typeof problem>, [...nodes, menu])).toBe(
      'O menu "Menu: Escolha uma opção" tem uma ligação saindo de uma opção que não existe mais.',
    );
    expect(findFlowGraphProblem({ nodes: nodes.slice(1), connections: [] })).toEqual({ code: 'ERR_FLOW_NO_START' });
  });

  test("the server's refusal carries the same problem", () => {
    const err = new ApiError(400, 'ERR_FLOW_DANGLING_EDGE', [], { error: 'ERR_FLOW_DANGLING_EDGE', edgeId: 'e1', nodeId: 'gone' });
    expect(graphProblemOf(err)).toEqual({ code: 'ERR_FLOW_DANGLING_EDGE', edgeId: 'e1', nodeId: 'gone' });
    expect(graphProblemOf(new ApiError(400, 'ERR_VALIDATION'))).toBeNull();
  });
});
