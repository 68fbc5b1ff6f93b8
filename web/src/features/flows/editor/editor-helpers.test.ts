import { describe, expect, test } from 'vitest';
import { withoutMissingMenuHandles } from './flow-model';
import { newNodeId } from './node-id';
import { DUPLICATE_OFFSET, NEW_NODE_GAP, NODE_WIDTH, positionForDuplicate, positionForNewNode } from './placement';
import { flowVariables } from './variables';

const at = (x: number, y: number, width?: number) => ({ position: { x, y }, ...(width ? { measured: { width } } : {}) });

describe('flow editor helpers', () => {
  test('node ids are 30 random alphanumerics', () => {
    const ids = Array.from({ length: 50 }, newNodeId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(new Set(ids).size).toBe(50);
  });

  test('a new node goes right of the last node with a gap of 40; a duplicate 240 right of the furthest node', () => {
    expect(positionForNewNode([])).toEqual({ x: 0, y: 0 });
    expect(positionForNewNode([at(0, 0), at(100, 50, 300)])).toEqual({ x: 100 + 300 + NEW_NODE_GAP, y: 50 });
    expect(positionForNewNode([at(10, 20)])).toEqual({ x: 10 + NODE_WIDTH + NEW_NODE_GAP, y: 20 });
    const original = at(0, 80);
    expect(positionForDuplicate([original, at(900, 0), at(400, 10)], original)).toEqual({ x: 900 + DUPLICATE_OFFSET, y: 80 });
  });

  test('variables are rebuilt from the question nodes, once each', () => {
    const nodes = [
      { type: 'question', data: { answerKey: 'nome' } },
      { type: 'menu', data: { answerKey: 'x' } },
      { type: 'question', data: { answerKey: 'email' } },
      { type: 'question', data: { answerKey: 'nome' } },
      { type: 'question', data: {} },
    ];
    expect(flowVariables(nodes)).toEqual(['nome', 'email']);
  });

  test("a menu's edges from removed options go with them", () => {
    const edges = [
      { id: '1', source: 'm', target: 'x', sourceHandle: 'a1' },
      { id: '2', source: 'm', target: 'y', sourceHandle: 'a2' },
      { id: '3', source: 'other', target: 'y', sourceHandle: 'a2' },
    ];
    expect(withoutMissingMenuHandles(edges, 'm', [1]).map((e) => e.id)).toEqual(['1', '3']);
  });
});
