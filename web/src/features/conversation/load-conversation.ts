/**
 * The open ticket's pane for the tickets page to show lazily (`lazy(loadConversation)`): the list paints
 * without waiting for the conversation's code, and the split point stays inside this feature.
 */
export const loadConversation = () => import('./Conversation');
