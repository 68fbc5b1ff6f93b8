import { createContext, useContext } from 'react';

/** What a node's own icons do on the canvas; the editor page provides it. */
export interface EditorActions {
  duplicate(nodeId: string): void;
  remove(nodeId: string): void;
  open(nodeId: string): void;
}

export const EditorActionsContext = createContext<EditorActions | null>(null);

export function useEditorActions(): EditorActions {
  const actions = useContext(EditorActionsContext);
  if (!actions) throw new Error('flow nodes are drawn inside the flow editor');
  return actions;
}
