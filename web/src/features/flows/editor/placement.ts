/** Spec 3 §9: a new node goes right of the last one with a gap of 40; a duplicate 240 right of the furthest node. */
export const NEW_NODE_GAP = 40;
export const DUPLICATE_OFFSET = 240;
/** Width assumed for a node not yet measured by the canvas (the cards are this wide). */
export const NODE_WIDTH = 260;

interface Placed {
  position: { x: number; y: number };
  measured?: { width?: number };
  width?: number;
}

const widthOf = (n: Placed) => n.measured?.width ?? n.width ?? NODE_WIDTH;

/** Where a new node goes: right of the last node added (the end of the list), on its line. */
export function positionForNewNode(nodes: readonly Placed[]): { x: number; y: number } {
  const last = nodes.at(-1);
  if (!last) return { x: 0, y: 0 };
  return { x: last.position.x + widthOf(last) + NEW_NODE_GAP, y: last.position.y };
}

/** Where a duplicate goes: 240 right of the node furthest to the right, on the original's line. */
export function positionForDuplicate(nodes: readonly Placed[], original: Placed): { x: number; y: number } {
  const furthest = Math.max(...nodes.map((n) => n.position.x), original.position.x);
  return { x: furthest + DUPLICATE_OFFSET, y: original.position.y };
}
