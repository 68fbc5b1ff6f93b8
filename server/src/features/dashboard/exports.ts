import type { Writable } from 'node:stream';
import { type AttendantRow, zonedDateTime } from '@chatflow/contract';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reportRows } from './report';
import { streamingWorkbook } from './xlsx';

/** Rows read per query while the report streams out. */
const BATCH = 2000;

/** "HH h mm m" (spec 1 §2.9), as the screen shows attendant times. */
export function hoursMinutes(minutes: number): string {
  const total = Math.round(minutes);
  const h = Math.floor(total / 60);
  const m = total % 60;
  return `${String(h).padStart(2, '0')} h ${String(m).padStart(2, '0')} m`;
}

/** The dashboard's attendants report as a spreadsheet (the columns of the Atendentes tab). */
export async function writeAttendantsXlsx(rows: AttendantRow[], out: Writable): Promise<void> {
  const workbook = await streamingWorkbook(out);
  const sheet = workbook.addWorksheet('atendentes');
  sheet.columns = [
    { header: 'Nome', key: 'name', width: 32 },
    { header: 'Avaliação', key: 'rating', width: 12 },
    { header: 'Avaliações', key: 'countRating', width: 12 },
    { header: 'Atendimentos', key: 'tickets', width: 14 },
    { header: 'T.M. de Espera', key: 'wait', width: 16 },
    { header: 'T.M. de Atendimento', key: 'support', width: 20 },
    { header: 'Status', key: 'online', width: 10 },
  ];
  for (const r of rows) {
    sheet
      .addRow({
        name: r.name,
        rating: r.rating ?? '',
        countRating: r.countRating,
        tickets: r.tickets,
        wait: hoursMinutes(r.avgWaitTime),
        support: hoursMinutes(r.avgSupportTime),
        online: r.online ? 'Online' : 'Offline',
      })
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}

const STATUS_LABELS: Record<string, string> = {
  open: 'Em atendimento',
  pending: 'Aguardando',
  closed: 'Finalizado',
  group: 'Grupo',
  lgpd: 'LGPD',
  nps: 'NPS',
};

/** Dates in the spreadsheet as the report screen shows them (dd/MM/yyyy HH:mm) in the company's time zone. */
function dateTimeIn(timeZone: string) {
  const format = zonedDateTime(timeZone);
  return (iso: string | null) => (iso ? format(iso) : '');
}

/** relatorio-de-atendimentos.xlsx: every report row of the filter, read by keyset in batches and written as read. */
export async function writeReportXlsx(db: DbOrTx, where: SQL, timeZone: string, out: Writable): Promise<void> {
  const workbook = await streamingWorkbook(out);
  const sheet = workbook.addWorksheet('atendimentos');
  sheet.columns = [
    { header: 'Id', key: 'id', width: 10 },
    { header: 'Conexão', key: 'whatsappName', width: 20 },
    { header: 'Contato', key: 'contactName', width: 28 },
    { header: 'Usuário', key: 'userName', width: 20 },
    { header: 'Fila', key: 'queueName', width: 18 },
    { header: 'Status', key: 'status', width: 16 },
    { header: 'Última mensagem', key: 'lastMessage', width: 40 },
    { header: 'Abertura', key: 'createdAt', width: 18 },
    { header: 'Fechamento', key: 'closedAt', width: 18 },
    { header: 'Tempo de atendimento', key: 'supportTime', width: 20 },
    { header: 'NPS', key: 'NPS', width: 8 },
  ];
  const when = dateTimeIn(timeZone);
  let after: { createdAt: string; id: number } | undefined;
  for (;;) {
    const rows = await reportRows(db, where, { limit: BATCH, after });
    for (const r of rows) {
      sheet
        .addRow({
          id: r.id,
          contactName: r.contactName,
          lastMessage: r.lastMessage,
          whatsappName: r.whatsappName ?? '',
          userName: r.userName ?? '',
          queueName: r.queueName ?? '',
          status: STATUS_LABELS[r.status] ?? r.status,
          createdAt: when(r.createdAt),
          closedAt: when(r.closedAt),
          supportTime: r.supportTime === null ? '' : hoursMinutes(r.supportTime),
          NPS: r.NPS ?? '',
        })
        .commit();
    }
    if (rows.length < BATCH) break;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAtKey, id: last.id };
  }
  sheet.commit();
  await workbook.commit();
}
