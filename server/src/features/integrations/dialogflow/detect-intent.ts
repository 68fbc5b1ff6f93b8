import { type OutboundPolicy, trustingOperatorUrl } from '../../../http/outbound/policy';
import { type BotOutcome, callBot, checkStatus, textReply } from '../runtime/outcome';
import { accessToken, parseServiceAccount } from './access-token';

/** A Dialogflow integration's settings (spec 3 §3): the agent's project, the service account key, the language. */
export interface DialogflowSettings {
  projectName: string;
  jsonContent: string;
  language: string;
}

export interface DetectedIntent {
  intent: string;
  texts: string[];
  /** The intent ends the conversation (Dialogflow's "end of conversation"): a human takes over. */
  endInteraction: boolean;
}

interface DetectIntentResponse {
  queryResult?: {
    fulfillmentText?: string;
    fulfillmentMessages?: { text?: { text?: string[] } }[];
    intent?: { displayName?: string; endInteraction?: boolean };
  };
}

/** Dialogflow ES REST detectIntent (v2) of one text in the session `sessionId`; `apiUrl` is the operator's DIALOGFLOW_API_URL. */
export async function detectIntent(
  apiUrl: string,
  settings: DialogflowSettings,
  sessionId: string,
  text: string,
  outbound: OutboundPolicy,
): Promise<DetectedIntent> {
  const account = parseServiceAccount(settings.jsonContent);
  const token = await accessToken(account, outbound);
  const url = `${apiUrl}/v2/projects/${encodeURIComponent(settings.projectName)}/agent/sessions/${encodeURIComponent(sessionId)}:detectIntent`;
  const res = await callBot(
    url,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ queryInput: { text: { text, languageCode: settings.language } } }),
    },
    trustingOperatorUrl(outbound, apiUrl),
    'dialogflow',
  );
  checkStatus(res, 'dialogflow');
  const body = ((await res.json().catch(() => null)) ?? {}) as DetectIntentResponse;
  const result = body.queryResult ?? {};
  const fromMessages = (result.fulfillmentMessages ?? []).flatMap((m) => m.text?.text ?? []).filter((t) => t.trim() !== '');
  const texts = fromMessages.length > 0 ? fromMessages : [result.fulfillmentText ?? ''].filter((t) => t.trim() !== '');
  return { intent: result.intent?.displayName ?? '', texts, endInteraction: result.intent?.endInteraction === true };
}

/** One customer message to a Dialogflow agent, in the ticket's session. */
export async function dialogflowTurn(
  apiUrl: string,
  settings: DialogflowSettings,
  sessionId: string,
  text: string,
  outbound: OutboundPolicy,
): Promise<BotOutcome> {
  const detected = await detectIntent(apiUrl, settings, sessionId, text, outbound);
  return { replies: detected.texts.map(textReply), handoff: detected.endInteraction };
}
