export { KanbanLaneSelect } from './KanbanLaneSelect';
