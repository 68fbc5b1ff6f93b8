export { useHasUnreadChats } from './hooks/use-chat-unread';
