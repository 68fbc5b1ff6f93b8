interface NodeLike {
  type?: string;
  data: Record<string, unknown>;
}

/**
 * The variables a flow can use (spec 3 §4): one per question node's answerKey, rebuilt from the
 * question nodes whenever the drawing changes, so an edited or deleted question leaves no stale name.
 */
export function flowVariables(nodes: readonly NodeLike[]): string[] {
  const keys = nodes
    .filter((n) => n.type === 'question')
    .map((n) => String(n.data.answerKey ?? '').trim())
    .filter(Boolean);
  return [...new Set(keys)];
}

/** How a variable is written inside a message. */
export const asPlaceholder = (key: string) => `{{${key}}}`;
