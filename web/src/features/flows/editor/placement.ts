/**
 * Spec 3 §2/§9: a new node goes to the right of the last node with a gap of 40; a duplicate 240 right of the
 * furthest node. "The last node" is the one the author is working on: the selected node, else the last added.
 * A line holds at most ROW_LENGTH nodes, then the next one starts a new line below the drawing, so the flow
 * stays compact enough for "fit view" to show it whole (one endless line could not be shown past nine nodes).
 */
export const NEW_NODE_GAP = 40;
export const DUPLICATE_OFFSET = 240;
/** Size assumed for a node not yet measured by the canvas (the cards are this wide, about this tall). */
export const NODE_WIDTH = 260;
export const NODE_HEIGHT = 120;
/** Nodes per line before a new one wraps below: four cards fit a laptop screen at full size. */
export const ROW_LENGTH = 4;

interface Placed {
  position: { x: number; y: number };
  measured?: { width?: number; height?: number };
  width?: number;
  height?: number;
  selected?: boolean;
}

type Point = { x: number; y: number };

const widthOf = (n: Placed) => n.measured?.width ?? n.width ?? NODE_WIDTH;
const heightOf = (n: Placed) => n.measured?.height ?? n.height ?? NODE_HEIGHT;

/** Whether a card at `p` would cover part of `n` (gaps included, so cards never touch). */
function overlaps(p: Point, n: Placed): boolean {
  return (
    p.x < n.position.x + widthOf(n) + NEW_NODE_GAP &&
    n.position.x < p.x + NODE_WIDTH + NEW_NODE_GAP &&
    p.y < n.position.y + heightOf(n) + NEW_NODE_GAP &&
    n.position.y < p.y + NODE_HEIGHT + NEW_NODE_GAP
  );
}

/** Where a new node goes: right of the selected (else last) node; past a full line, at the start of a new line below. */
export function positionForNewNode(nodes: readonly Placed[]): Point {
  const anchor = nodes.find((n) => n.selected) ?? nodes.at(-1);
  if (!anchor) return { x: 0, y: 0 };
  const left = Math.min(...nodes.map((n) => n.position.x));
  const lineEnd = left + ROW_LENGTH * (NODE_WIDTH + NEW_NODE_GAP);
  let spot: Point = { x: anchor.position.x + widthOf(anchor) + NEW_NODE_GAP, y: anchor.position.y };
  if (spot.x + NODE_WIDTH > lineEnd) {
    const bottom = Math.max(...nodes.map((n) => n.position.y + heightOf(n)));
    spot = { x: left, y: bottom + NEW_NODE_GAP };
  }
  // A card already there (a branch drawn earlier): go down below it rather than on top of it.
  for (let blocker = nodes.find((n) => overlaps(spot, n)); blocker; blocker = nodes.find((n) => overlaps(spot, n))) {
    spot = { x: spot.x, y: blocker.position.y + heightOf(blocker) + NEW_NODE_GAP };
  }
  return spot;
}

/** Where a duplicate goes: 240 right of the node furthest to the right, on the original's line. */
export function positionForDuplicate(nodes: readonly Placed[], original: Placed): Point {
  const furthest = Math.max(...nodes.map((n) => n.position.x), original.position.x);
  return { x: furthest + DUPLICATE_OFFSET, y: original.position.y };
}
