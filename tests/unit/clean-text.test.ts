import { describe, expect, it } from 'vitest';
import { checkLead } from '../../src/leads/check-lead.ts';
import { cleanText, phoneCharacters } from '../../src/shared/quote/quote-schema.ts';
import { leadsCsv, leadsTable, type LeadLine } from '../../tools/lib/leads-report.ts';

const options = { cities: [{ value: 'hull', label: 'Hull' }], services: [{ value: 'elagage', label: 'Élagage' }] };
const lead = { name: 'Marie', phone: '819 555-0199', email: '', city: 'hull', service: 'elagage', urgency: 'normal', message: 'Bonjour', timestamp: '2026-05-01T12:00:00.000Z', urgencyLabel: 'Normal' };
const row = (payload: object): LeadLine => ({ id: 'a1b2c3d4-0000-4000-8000-000000000000', received_at: 0, state: 'pending', attempts: 0, last_attempt_at: null, last_error: null, delivered_at: null, payload: JSON.stringify(payload) });

describe('text from the form, as the owner reads it', () => {
  it('keeps what the visitor typed and drops control characters and bidirectional overrides, line breaks kept in the message only', () => {
    expect(cleanText('Ma\u202erie\u0007 Tre\u200fmblay\r\nfils', false)).toBe('Marie Tremblay fils');
    expect(cleanText('Ligne 1\r\nLigne 2\tfin\u001b[2J', true)).toBe('Ligne 1\nLigne 2 fin[2J');
    const body = new TextEncoder().encode(JSON.stringify({ ...lead, name: '\u202eMarie\u0000', message: 'Érable\u2066 penché\r\nau fond' }));
    expect(checkLead(body, options)).toMatchObject({ status: 201, lead: { name: 'Marie', message: 'Érable penché\nau fond' } });
  });

  it('refuses a name made of invisible characters only, with the fixed message', () => {
    const body = new TextEncoder().encode(JSON.stringify({ ...lead, name: '\u202e\u0007' }));
    expect(checkLead(body, options)).toEqual({ status: 400, error: 'name : Le nom est requis' });
  });

  it('keeps only phone characters in the phone field: digits, separators, and the letters of an extension', () => {
    expect(phoneCharacters('819 555-0199 poste 12')).toBe('819 555-0199 poste 12');
    expect(phoneCharacters('+1 (819) 555.0199 #3')).toBe('+1 (819) 555.0199 #3');
    expect(phoneCharacters('819😀555<0199>\u0007"')).toBe('8195550199');
  });

  it('shows control characters in `npm run leads` as escapes, never as terminal commands', () => {
    const table = leadsTable([row({ ...lead, name: 'Marie\u001b[2J\u0007\u202e', city: 'hull\n2026-01-01 forged row' })], 'locale');
    expect(table).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
    expect(table).toContain('Marie\\u001b[2J\\u0007\\u202e');
    expect(table.split('\n')).toHaveLength(2);
  });

  it('neutralises a cell a spreadsheet would run as a formula, TAB and CR included', () => {
    const csv = leadsCsv([row({ ...lead, name: '\t=cmd', phone: '\r+1 819', message: '@SUM(A1)', email: 'a\tb' })]);
    const cells = csv.split('\r\n')[1]!;
    expect(cells).toContain(`"' =cmd"`);
    expect(cells).toContain(`"' +1 819"`);
    expect(cells).toContain(`"'@SUM(A1)"`);
    expect(cells).toContain(`"a b"`);
  });
});
