export { loadConversation } from './load-conversation';
