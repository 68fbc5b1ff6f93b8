import { SIMULATOR_MAX_FILE_BYTES, type SimulatorMessageType } from '@chatflow/contract';

export { SIMULATOR_MAX_FILE_BYTES };

/** How the picked file is announced; the server decides the real kind from the bytes anyway. */
export function simulatorTypeOf(file: File): SimulatorMessageType {
  const family = file.type.split('/')[0];
  if (family === 'image' || family === 'audio' || family === 'video') return family;
  return 'document';
}

/** The file as a data: URL (the simulator takes files inline, never by remote URL). */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** A made-up Brazilian mobile number, so a new visitor can type at once. */
export function randomCustomerNumber(): string {
  return `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}
