import { z } from 'zod';
import { coercedId, fromText } from './fields';
import type { PlanSwitch } from './plans';

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

/** Node types where a walk stops until the customer answers or time passes: a loop must hold one (save rule). */
export const FLOW_WAITING_NODE_TYPES: readonly FlowNodeType[] = ['menu', 'question', 'interval', 'typebot', 'openai'];

/** Spec 3 §9: uploads of the flow builder, at most 20 MB (20,000,000 bytes) each. */
export const FLOW_UPLOAD_MAX_BYTES = 20_000_000;
export const FLOW_UPLOAD_MAX_MB = 20;
/** Files one content upload may carry (one per media block of a content node). */
export const FLOW_UPLOAD_MAX_FILES = 10;
/** Spec 3 §5: image png/jpg/jpeg, audio ogg/mp3 (opus in the content dialog), video mp4 only. */
export const FLOW_UPLOAD_EXTENSIONS = {
  img: ['png', 'jpg', 'jpeg'],
  audio: ['ogg', 'mp3', 'opus'],
  video: ['mp4'],
} as const;
/** The multipart field carrying the files of POST /flowbuilder/content, /img and /audio. */
export const FLOW_UPLOAD_FIELD = 'medias';
export const FLOWS_PAGE_SIZE = 20;

/** Flow name (spec 3 §5): min 2 "Muito curto!", max 50 "Muito longo!", required "Digite um nome!". */
const flowName = () =>
  z
    .string({ message: 'validation.flowNameRequired' })
    .trim()
    .min(1, { message: 'validation.flowNameRequired', abort: true })
    .min(2, { message: 'validation.tooShort', abort: true })
    .max(50, { message: 'validation.tooLong' });

/** GET /flowbuilder {search, page} (spec 3 §7). */
export const FlowListQuery = z.object({
  search: z.string().max(200).optional().default(''),
  page: fromText(z.number().int().min(1).max(100000)).optional().default(1),
});
export type FlowListQuery = z.input<typeof FlowListQuery>;

/** POST /flowbuilder {name}. */
export const FlowCreateInput = z.object({ name: flowName() });
export type FlowCreateInput = z.input<typeof FlowCreateInput>;

/**
 * PUT /flowbuilder {name, flowId, active?}: renames the flow and, when `active` is given, switches it on
 * or off (spec 3 §3: a flow is "Ativo" or "Desativado"; the runtime never starts an inactive one).
 */
export const FlowRenameInput = z.object({
  name: flowName(),
  flowId: coercedId('validation.required'),
  active: z.boolean({ message: 'validation.required' }).optional(),
});
export type FlowRenameInput = z.input<typeof FlowRenameInput>;

/** POST /flowbuilder/duplicate {flowId}. */
export const FlowDuplicateInput = z.object({ flowId: coercedId('validation.required') });
export type FlowDuplicateInput = z.input<typeof FlowDuplicateInput>;

/** POST /flowbuilder/flow {idFlow, nodes, connections}: the whole drawing replaces the stored one. */
export const FlowSaveInput = FlowDocumentSchema.extend({ idFlow: coercedId('validation.required') });
export type FlowSaveInput = z.input<typeof FlowSaveInput>;

/** The culprit a refused save names (with an ERR_FLOW_* code). */
export interface FlowGraphProblem {
  code:
    | 'ERR_FLOW_NO_START'
    | 'ERR_FLOW_MANY_STARTS'
    | 'ERR_FLOW_DUPLICATE_NODE'
    | 'ERR_FLOW_DANGLING_EDGE'
    | 'ERR_FLOW_MENU_OPTION'
    | 'ERR_FLOW_CYCLE_WITHOUT_WAIT';
  nodeId?: string;
  edgeId?: string;
}

const menuHandle = /^a(\d+)$/;

/**
 * The graph rules a saved flow must keep (spec: refused at save), checked by the save route and
 * usable by the editor before it sends: exactly one start node, unique node ids, every edge's ends
 * exist, a menu edge leaves from an existing option's handle, and no loop without a waiting node
 * (a loop of content and tickets would send forever). Returns the first problem, or null.
 */
export function findFlowGraphProblem(doc: FlowDocument): FlowGraphProblem | null {
  const byId = new Map<string, FlowNode>();
  for (const node of doc.nodes) {
    if (byId.has(node.id)) return { code: 'ERR_FLOW_DUPLICATE_NODE', nodeId: node.id };
    byId.set(node.id, node);
  }
  const starts = doc.nodes.filter((n) => n.type === 'start');
  if (starts.length === 0) return { code: 'ERR_FLOW_NO_START' };
  if (starts.length > 1) return { code: 'ERR_FLOW_MANY_STARTS', nodeId: starts[1].id };
  for (const edge of doc.connections) {
    const source = byId.get(edge.source);
    if (!source || !byId.has(edge.target))
      return { code: 'ERR_FLOW_DANGLING_EDGE', edgeId: edge.id, nodeId: source ? edge.target : edge.source };
    if (source.type === 'menu') {
      const number = Number(menuHandle.exec(edge.sourceHandle ?? '')?.[1]);
      const options = Array.isArray(source.data.arrayOption) ? (source.data.arrayOption as FlowMenuOption[]) : [];
      if (!options.some((o) => Number(o?.number) === number)) return { code: 'ERR_FLOW_MENU_OPTION', edgeId: edge.id, nodeId: source.id };
    }
  }
  const culprit = nodeOnLoopWithoutWait(doc, byId);
  return culprit ? { code: 'ERR_FLOW_CYCLE_WITHOUT_WAIT', nodeId: culprit } : null;
}

/** A loop without a wait is a cycle of the graph restricted to non-waiting nodes: a depth-first search finds one. */
function nodeOnLoopWithoutWait(doc: FlowDocument, byId: Map<string, FlowNode>): string | null {
  const moving = (id: string) => {
    const node = byId.get(id);
    return node !== undefined && !FLOW_WAITING_NODE_TYPES.includes(node.type);
  };
  const next = new Map<string, string[]>();
  for (const e of doc.connections) {
    if (moving(e.source) && moving(e.target)) next.set(e.source, [...(next.get(e.source) ?? []), e.target]);
  }
  const state = new Map<string, 'open' | 'done'>();
  for (const root of next.keys()) {
    if (state.has(root)) continue;
    // Iterative DFS (a drawing may hold 1,000 nodes): a node reached while still open closes a loop.
    const stack: { id: string; i: number }[] = [{ id: root, i: 0 }];
    state.set(root, 'open');
    while (stack.length) {
      const top = stack[stack.length - 1];
      const outs = next.get(top.id) ?? [];
      if (top.i >= outs.length) {
        state.set(top.id, 'done');
        stack.pop();
        continue;
      }
      const to = outs[top.i++];
      if (state.get(to) === 'open') return to;
      if (!state.has(to)) {
        state.set(to, 'open');
        stack.push({ id: to, i: 0 });
      }
    }
  }
  return null;
}

/** OpenAI node voices (spec 3 §3): "texto" answers in text, or one of fifteen Brazilian-Portuguese neural voices. */
export const OPENAI_VOICES = [
  'texto',
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
] as const;
/** OpenAI node defaults (spec 3 §3 / §9). */
export const OPENAI_NODE_DEFAULTS = { voice: 'texto', maxTokens: 100, temperature: 1, maxMessages: 10 } as const;
/** Typebot defaults (spec 3 §9): 1000 ms between messages, session expires after 1 (minute). */
export const TYPEBOT_NODE_DEFAULTS = { typebotDelayMessage: 1000, typebotExpires: 1 } as const;

/**
 * Node types that are a paid feature: the company's plan must have the switch, both when a drawing is
 * saved (refused with ERR_PLAN_FEATURE_DISABLED) and when a run reaches the node (the ticket goes to a
 * human instead).
 */
export const FLOW_NODE_PLAN_SWITCHES: Partial<Record<FlowNodeType, PlanSwitch>> = { openai: 'useOpenAi', typebot: 'useIntegrations' };

/**
 * Node data fields that are secrets: write-only. The editor's GET answers `has<Field>` instead of the
 * value; a save that leaves one absent or empty keeps the value stored on the node of the same id.
 */
export const FLOW_NODE_SECRET_FIELDS: Partial<Record<FlowNodeType, readonly string[]>> = { openai: ['apiKey', 'voiceKey'] };

/** `apiKey` → `hasApiKey`: the flag a node's data carries in place of a secret. */
export const secretFlagOf = (field: string) => `has${field.charAt(0).toUpperCase()}${field.slice(1)}`;
