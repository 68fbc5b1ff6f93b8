/** Spec 1 §9: priority 1 red, 2 orange, 3 grey; labels Alta, Média, Baixa (spec 3 §3). */
export const PRIORITY_COLORS: Record<number, string> = { 1: '#d32f2f', 2: '#ed6c02', 3: '#9e9e9e' };
export const priorityColor = (priority: number) => PRIORITY_COLORS[priority] ?? PRIORITY_COLORS[3];
export const priorityLabelKey = (priority: number) =>
  `announcements.priority.${priority === 1 ? 'high' : priority === 2 ? 'medium' : 'low'}`;
