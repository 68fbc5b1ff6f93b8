import { type QueueIntegrationInput, type QueueIntegrationView, TYPEBOT_DEFAULTS } from '@chatflow/contract';

/** The dialog's values: every type's fields, only the chosen type's are shown (the others keep their values). */
export type IntegrationFormValues = Required<Omit<QueueIntegrationInput, 'typebotDelayMessage' | 'typebotExpires'>> & {
  typebotDelayMessage: number | string;
  typebotExpires: number | string;
};

export const NEW_INTEGRATION_VALUES: IntegrationFormValues = {
  type: 'typebot',
  name: '',
  projectName: '',
  jsonContent: '',
  language: 'pt-BR',
  urlN8N: '',
  typebotSlug: '',
  typebotDelayMessage: TYPEBOT_DEFAULTS.typebotDelayMessage,
  typebotExpires: TYPEBOT_DEFAULTS.typebotExpires,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotRestartMessage: '',
  typebotUnknownMessage: '',
};

export const toFormValues = (i: QueueIntegrationView): IntegrationFormValues => ({
  type: i.type,
  name: i.name,
  projectName: i.projectName,
  // Write-only: the dialog never receives the key; empty keeps the stored one.
  jsonContent: '',
  language: i.language,
  urlN8N: i.urlN8N,
  typebotSlug: i.typebotSlug,
  typebotDelayMessage: i.typebotDelayMessage,
  typebotExpires: i.typebotExpires,
  typebotKeywordFinish: i.typebotKeywordFinish,
  typebotKeywordRestart: i.typebotKeywordRestart,
  typebotRestartMessage: i.typebotRestartMessage,
  typebotUnknownMessage: i.typebotUnknownMessage,
});
