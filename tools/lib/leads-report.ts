import { escapeControls } from '../../src/server/console-line.ts';
/** One row of `leads` as `npm run leads` reads it (migrations/0001_leads.sql). */
export interface LeadLine {
  id: string;
  received_at: number;
  state: string;
  attempts: number;
  last_attempt_at: number | null;
  last_error: string | null;
  delivered_at: number | null;
  payload: string;
}

const STATES: Record<string, string> = { pending: 'en attente', sending: 'en cours', delivered: 'transmise', stalled: 'bloquée (réessai toutes les 15 min)' };
const COLUMNS = ['id', 'reçue', 'état', 'tentatives', 'dernière erreur', 'transmise', 'nom', 'téléphone', 'courriel', 'ville', 'service', 'urgence', 'message'] as const;

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());

function cells(row: LeadLine): string[] {
  const p = JSON.parse(row.payload) as Record<string, string>;
  return [row.id, iso(row.received_at), STATES[row.state] ?? row.state, String(row.attempts), row.last_error ?? '', iso(row.delivered_at), p.name ?? '', p.phone ?? '', p.email ?? '', p.city ?? '', p.service ?? '', p.urgencyLabel ?? '', p.message ?? ''];
}

/**
 * RFC 4180: every field quoted, quotes doubled; a leading = + - @ TAB or CR neutralised with a
 * quote mark (a spreadsheet would read the cell as a formula), a TAB or CR inside a cell made a space.
 */
export function leadsCsv(rows: LeadLine[]): string {
  const quote = (v: string) => `"${(/^[=+\-@\t\r]/.test(v) ? `'${v}` : v).replace(/[\t\r]/g, ' ').replace(/"/g, '""')}"`;
  return [COLUMNS, ...rows.map(cells)].map((line) => line.map(quote).join(',')).join('\r\n') + '\r\n';
}

/** A short table for the terminal: the waiting ones first to the eye, with their attempts. */
export function leadsTable(rows: LeadLine[], where: string): string {
  const waiting = rows.filter((r) => r.state !== 'delivered').length;
  const head = `Base ${where} : ${rows.length} demande(s), ${waiting} pas encore transmise(s).`;
  if (rows.length === 0) return head;
  const lines = rows.map((r) => {
    // Each cell on one line, its control characters shown as escapes: a visitor's text cannot move the cursor or forge a row.
    const [id, received, state, attempts, error, , name, phone, , city, service, urgency] = cells(r).map(escapeControls);
    return `${received!.slice(0, 16).replace('T', ' ')}  ${state!.padEnd(10)}  ${attempts!.padStart(2)} essai(s)  ${urgency!.padEnd(10)}  ${name} · ${phone} · ${city} · ${service}${error ? `  [${error}]` : ''}  ${id!.slice(0, 8)}`;
  });
  return [head, ...lines].join('\n');
}

