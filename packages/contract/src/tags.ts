export interface TagView {
  id: number;
  name: string;
  color: string;
  kanban: number;
  /** Contacts carrying the tag (the tags page shows the count). */
  contactsCount: number;
}

/** New tags get a random hex colour (spec 1 §3). */
export function randomTagColor(random: () => number = Math.random): string {
  return `#${Math.floor(random() * 0xffffff).toString(16).padStart(6, '0')}`;
}
