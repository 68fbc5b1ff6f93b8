import {
  CallMessageInput,
  CopyMessageInput,
  ListMessageInput,
  PixMessageInput,
  type PixKeyType,
  UrlMessageInput,
} from '@chatflow/contract';
import type { z } from 'zod';
import type { InteractiveKind } from '../hooks/use-send';

/** Spec 1 §5: a PHONE key gets +55 when it lacks it (also done by the server); formatting is dropped. */
export function pixKeyFor(type: PixKeyType, key: string): string {
  if (type !== 'PHONE') return key.trim();
  const digits = key.replace(/\D/g, '');
  return key.trim().startsWith('+55') ? `+${digits}` : `+55${digits}`;
}

/** `key` identifies a row or section while it is edited (React keys); it is not sent. */
export interface ListRow {
  key: number;
  title: string;
  description: string;
}
export interface ListSection {
  key: number;
  title: string;
  rows: ListRow[];
}

let lastKey = 0;
export const newRow = (): ListRow => ({ key: ++lastKey, title: '', description: '' });
export const newSection = (): ListSection => ({ key: ++lastKey, title: '', rows: [newRow()] });

/** Everything the interactive dialog edits, whatever the kind; each kind reads its own fields. */
export interface InteractiveValues {
  title: string;
  text: string;
  buttonText: string;
  footer: string;
  value: string;
  image: string | null;
  sections: ListSection[];
  pixValue: string;
  pixKeyType: PixKeyType;
  pixMerchant: string;
  pixKey: string;
}

export const emptyInteractive = (): InteractiveValues => ({
  title: '',
  text: '',
  buttonText: '',
  footer: '',
  value: '',
  image: null,
  sections: [newSection()],
  pixValue: '',
  pixKeyType: 'CPF',
  pixMerchant: '',
  pixKey: '',
});

/** The payload each route takes (spec 1 §7), built from the dialog's values. */
export function payloadFor(kind: InteractiveKind, v: InteractiveValues): Record<string, unknown> {
  if (kind === 'list') {
    let n = 0;
    return {
      title: v.title,
      text: v.text,
      buttonText: v.buttonText,
      footer: v.footer,
      sections: v.sections.map((s) => ({
        title: s.title,
        rows: s.rows.map((r) => ({ title: r.title, description: r.description, rowId: `row-${++n}` })),
      })),
    };
  }
  if (kind === 'pix') {
    return {
      title: v.title,
      sendvalue: v.pixValue,
      sendkey_type: v.pixKeyType,
      sendmerchant_name: v.pixMerchant,
      sendKey: pixKeyFor(v.pixKeyType, v.pixKey),
    };
  }
  const base = { image: v.image, title: v.title, description: v.text, buttonText: v.buttonText, footer: v.footer };
  if (kind === 'url') return { ...base, url: v.value };
  if (kind === 'call') return { ...base, phoneNumber: v.value };
  return { ...base, copyText: v.value };
}

const SCHEMAS: Record<InteractiveKind, z.ZodType> = {
  list: ListMessageInput,
  url: UrlMessageInput,
  copy: CopyMessageInput,
  call: CallMessageInput,
  pix: PixMessageInput,
};

/** The contract's check, so the dialog and the server refuse the same input with the same words. */
export function validateInteractive(kind: InteractiveKind, payload: Record<string, unknown>): Record<string, string> {
  const result = SCHEMAS[kind].safeParse(payload);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
}
