// The router lazy-loads the page directly; the queue modal's chatbot "file" option picks from these lists.
export { useFileListChoices } from './hooks/use-file-lists';
