import type { Writable } from 'node:stream';
import { loadExcelJs } from '../contacts';

/** The example spreadsheet of the lists page: the headers the import reads and two sample rows. */
export async function writeExampleSpreadsheet(out: Writable): Promise<void> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('contatos');
  sheet.columns = [
    { header: 'nome', key: 'nome', width: 30 },
    { header: 'numero', key: 'numero', width: 20 },
    { header: 'email', key: 'email', width: 30 },
  ];
  sheet.addRow({ nome: 'Maria Silva', numero: '5511999990001', email: 'maria@exemplo.com' });
  sheet.addRow({ nome: 'João Souza', numero: '5521988880002', email: '' });
  await workbook.xlsx.write(out);
  out.end();
}
