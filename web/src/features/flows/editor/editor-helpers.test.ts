import { describe, expect, test } from 'vitest';
import { withoutMissingMenuHandles } from './flow-model';
import { newNodeId } from './node-id';
import { DUPLICATE_OFFSET, NEW_NODE_GAP, NODE_HEIGHT, NODE_WIDTH, positionForDuplicate, positionForNewNode, ROW_LENGTH } from './placement';
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

  test('a new node goes right of the selected node, not of the last one', () => {
    const nodes = [at(0, 0), { ...at(0, 300), selected: true }, at(600, 0)];
    expect(positionForNewNode(nodes)).toEqual({ x: NODE_WIDTH + NEW_NODE_GAP, y: 300 });
  });

  test('twelve nodes added one after another fill lines of four, so the drawing stays about as tall as wide', () => {
    const nodes: { position: { x: number; y: number } }[] = [];
    for (let i = 0; i < 12; i++) nodes.push({ position: positionForNewNode(nodes) });
    const xs = new Set(nodes.map((n) => n.position.x));
    const ys = new Set(nodes.map((n) => n.position.y));
    expect([xs.size, ys.size]).toEqual([ROW_LENGTH, 12 / ROW_LENGTH]);
    expect(nodes[ROW_LENGTH].position).toEqual({ x: 0, y: NODE_HEIGHT + NEW_NODE_GAP });
    // No two cards overlap.
    const keys = nodes.map((n) => `${n.position.x},${n.position.y}`);
    expect(new Set(keys).size).toBe(12);
  });

  test('a spot already taken (a branch drawn there) moves the new node below it', () => {
    const nodes = [{ ...at(0, 0), selected: true }, at(NODE_WIDTH + NEW_NODE_GAP, 0), at(0, 400)];
    expect(positionForNewNode(nodes)).toEqual({ x: NODE_WIDTH + NEW_NODE_GAP, y: NODE_HEIGHT + NEW_NODE_GAP });
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
