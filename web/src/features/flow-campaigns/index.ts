// The router lazy-loads the page directly; the connection dialog's "default flow" tab picks from the flows.
export { useFlowChoices } from './hooks/use-flow-campaigns';
