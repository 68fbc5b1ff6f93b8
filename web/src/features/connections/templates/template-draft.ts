import { fillTemplate, type MessageTemplateView, type SendTemplateInput } from '@chatflow/contract';

/** What the agent typed for each variable: header and body by variable name, URL buttons by index. */
export interface TemplateDraft {
  header: Record<string, string>;
  body: Record<string, string>;
  buttons: Record<string, string>;
}

export const emptyDraft = (): TemplateDraft => ({ header: {}, body: {}, buttons: {} });

/** Every variable the template needs, with where its value goes. */
export function draftFields(template: MessageTemplateView) {
  return [
    ...template.variables.header.map((name) => ({ part: 'header' as const, key: name })),
    ...template.variables.body.map((name) => ({ part: 'body' as const, key: name })),
    ...template.variables.buttons.map((index) => ({ part: 'buttons' as const, key: index })),
  ];
}

export const draftComplete = (template: MessageTemplateView, draft: TemplateDraft) =>
  draftFields(template).every((f) => (draft[f.part][f.key] ?? '').trim() !== '');

/** The template as the customer will read it: variables filled (an empty one stays as {{n}}). */
export function previewOf(template: MessageTemplateView, draft: TemplateDraft) {
  return {
    header: template.header?.text ? fillTemplate(template.header.text, draft.header) : null,
    body: fillTemplate(template.body, draft.body),
    footer: template.footer,
    buttons: template.buttons,
  };
}

export const sendInput = (template: MessageTemplateView, draft: TemplateDraft): SendTemplateInput => ({
  templateId: template.id,
  header: draft.header,
  body: draft.body,
  buttons: draft.buttons,
});

/** The contact's fields offered as values: its name, first name, number and e-mail (those it has). */
export function contactSuggestions(contact: { name: string; number: string; email: string }): { label: string; value: string }[] {
  const first = contact.name.trim().split(/\s+/)[0] ?? '';
  const all = [
    { label: 'name', value: contact.name.trim() },
    { label: 'firstName', value: first },
    { label: 'number', value: contact.number },
    { label: 'email', value: contact.email },
  ];
  return all.filter((s, i) => s.value && all.findIndex((o) => o.value === s.value) === i);
}
