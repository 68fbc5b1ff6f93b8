import { z } from 'zod';

/**
 * The flow document (spec 3 §3 Flow, Flow node): what the flow builder saves and the flow runtime
 * walks. Shared by the editor (web), the save route's checks and the runtime, so the three read one shape.
 *
 * Edges ("connections") follow @xyflow/react's edge shape. Handle conventions, which the spec leaves
 * open and both the editor and the runtime rely on:
 * - every node has one input handle, `targetHandle` absent or 'a';
 * - a node with a single way out uses `sourceHandle` 'a' (or absent);
 * - a menu node has one way out per option: `sourceHandle` `a{number}` (options numbered from 1);
 * - a randomizer has two: 'a' taken with the node's `percent` chance, 'b' otherwise.
 */
export const FLOW_NODE_TYPES = [
  'start',
  'message',
  'interval',
  'condition',
  'menu',
  'img',
  'audio',
  'randomizer',
  'video',
  'singleBlock',
  'ticket',
  'typebot',
  'openai',
  'question',
] as const;
export type FlowNodeType = (typeof FLOW_NODE_TYPES)[number];

/** Spec 3 §9: node ids are 30 random alphanumeric characters. */
export const FLOW_NODE_ID_LENGTH = 30;
/** Spec 3 §9: interval nodes wait 0 to 120 s. */
export const FLOW_INTERVAL_MAX_SECONDS = 120;

/** One element of a content (singleBlock) node; `seq` lists ids like message1, interval2, img3. */
export interface FlowContentElement {
  number: string;
  type: 'message' | 'interval' | 'img' | 'audio' | 'video';
  /** Text for message, seconds for interval, stored media name for img/audio/video. */
  value: string;
  original?: string;
  /** Audio only: send as a voice note recorded on the spot. */
  record?: boolean;
}

export interface FlowMenuOption {
  number: number;
  value: string;
}

export interface FlowNode {
  id: string;
  position: { x: number; y: number };
  type: FlowNodeType;
  // Data by type (spec 3 §3): message {label}; interval {label, sec}; condition {key, condition, value};
  // menu {message, arrayOption}; img/video {url}; audio {url, record}; randomizer {percent};
  // singleBlock {seq, elements}; ticket {name, id?: queue id}; question {message, answerKey};
  // typebot / openai hold the integration's data.
  data: Record<string, unknown>;
}

export interface FlowConnection {
  id: string;
  source: string;
  target: string;
  sourceHandle?: string | null;
  targetHandle?: string | null;
}

export interface FlowDocument {
  nodes: FlowNode[];
  connections: FlowConnection[];
}

const position = z.object({ x: z.number().finite(), y: z.number().finite() });

export const FlowNodeSchema = z.object({
  id: z.string().min(1).max(64),
  position,
  type: z.enum(FLOW_NODE_TYPES),
  data: z.record(z.string(), z.unknown()).default({}),
});

export const FlowConnectionSchema = z.object({
  id: z.string().min(1).max(200),
  source: z.string().min(1).max(64),
  target: z.string().min(1).max(64),
  sourceHandle: z.string().max(64).nullish(),
  targetHandle: z.string().max(64).nullish(),
});

/** The shape check of a saved document; the graph rules (one start, no dangling edge...) are the save route's. */
export const FlowDocumentSchema = z.object({
  nodes: z.array(FlowNodeSchema).max(1000),
  connections: z.array(FlowConnectionSchema).max(5000),
});
