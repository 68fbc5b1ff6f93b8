import { type GlobalSettingView, isSecretSettingKey } from '@chatflow/contract';

/** A secret never leaves the server: the screen learns only whether one is set (ARCHITECTURE "Security"). */
export function presentGlobalSetting(key: string, value: string): GlobalSettingView {
  const secret = isSecretSettingKey(key);
  return { key, value: secret ? '' : value, hasValue: value !== '', secret };
}
