import { describe, expect, it } from 'vitest';
import {
  buildPayload,
  INITIAL_VALUES,
  quotePayloadSchema,
  type QuoteRequest,
  urgencyLabel,
  validateQuote,
} from '../../src/shared/quote/quote-schema.ts';

const valid: QuoteRequest = {
  name: 'Marie Tremblay',
  phone: '819 555-0199',
  email: 'marie@exemple.ca',
  city: 'gatineau',
  service: 'abattage',
  urgency: 'normal',
  message: 'Un grand érable penche vers la maison.',
};
const withValue = (patch: Partial<QuoteRequest>) => validateQuote({ ...valid, ...patch });
const messageOf = (patch: Partial<QuoteRequest>) => {
  const r = withValue(patch);
  return r.ok ? null : r.message;
};

describe('quote validation', () => {
  it('accepts a complete request and trims name, phone and e-mail', () => {
    const r = validateQuote({ ...valid, name: '  Marie  ', phone: ' 8195550199 ', email: ' marie@exemple.ca ' });
    expect(r).toEqual({ ok: true, data: { ...valid, name: 'Marie', phone: '8195550199', email: 'marie@exemple.ca' } });
  });

  it('requires a name: empty or blank gives « Le nom est requis »', () => {
    expect(messageOf({ name: '' })).toBe('Le nom est requis');
    expect(messageOf({ name: '    ' })).toBe('Le nom est requis');
  });

  it('accepts 100 characters of name and refuses 101 with « Le nom est trop long »', () => {
    expect(withValue({ name: 'a'.repeat(100) }).ok).toBe(true);
    expect(messageOf({ name: 'a'.repeat(101) })).toBe('Le nom est trop long');
  });

  it('wants a phone of 10 to 20 characters after trimming', () => {
    expect(messageOf({ phone: '819555019' })).toBe('Numéro de téléphone invalide');
    expect(messageOf({ phone: '  819555019  ' })).toBe('Numéro de téléphone invalide');
    expect(withValue({ phone: '8195550199' }).ok).toBe(true);
    expect(withValue({ phone: '+1 (819) 555-0199 p2' }).ok).toBe(true);
    expect(messageOf({ phone: '+1 (819) 555-0199 p23' })).toBe('Numéro de téléphone trop long');
  });

  it('takes an empty e-mail, refuses a malformed one and one over 255 characters', () => {
    expect(withValue({ email: '' }).ok).toBe(true);
    expect(withValue({ email: '   ' }).ok).toBe(true);
    expect(messageOf({ email: 'marie@' })).toBe('Courriel invalide');
    expect(messageOf({ email: 'marie exemple.ca' })).toBe('Courriel invalide');
    const at255 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.ca`;
    expect(at255).toHaveLength(255);
    expect(withValue({ email: at255 }).ok).toBe(true);
    expect(messageOf({ email: `x${at255}` })).toBe('Courriel trop long');
  });

  it('requires a city and a service', () => {
    expect(messageOf({ city: '' })).toBe('Veuillez sélectionner une ville');
    expect(messageOf({ service: '' })).toBe('Veuillez sélectionner un service');
  });

  it('accepts 1000 characters of message and refuses 1001', () => {
    expect(withValue({ message: 'm'.repeat(1000) }).ok).toBe(true);
    expect(messageOf({ message: 'm'.repeat(1001) })).toBe('Message trop long (max 1000 caractères)');
  });

  it('accepts any urgency string', () => {
    expect(withValue({ urgency: 'autre-chose' }).ok).toBe(true);
  });

  it('reports the first problem in form order: name, phone, email, city, service, message', () => {
    const r = validateQuote({ ...INITIAL_VALUES, email: 'invalide', message: 'm'.repeat(1001) });
    expect(r).toEqual({ ok: false, field: 'name', message: 'Le nom est requis' });
    const r2 = validateQuote({ ...INITIAL_VALUES, name: 'Luc', email: 'invalide' });
    expect(r2).toEqual({ ok: false, field: 'phone', message: 'Numéro de téléphone invalide' });
    const r3 = validateQuote({ ...valid, city: '', service: '' });
    expect(r3).toEqual({ ok: false, field: 'city', message: 'Veuillez sélectionner une ville' });
  });

  it('starts with every field empty except urgency = normal', () => {
    expect(INITIAL_VALUES).toEqual({ name: '', phone: '', email: '', city: '', service: '', urgency: 'normal', message: '' });
  });

  it('refuses values that are not strings', () => {
    expect(validateQuote({ ...valid, name: 42 }).ok).toBe(false);
    expect(validateQuote(null).ok).toBe(false);
  });
});

describe('payload sent to the webhook', () => {
  it('labels the urgency: emergency alerts, urgent warns, anything else is Normal', () => {
    expect(urgencyLabel('emergency')).toBe('🚨 URGENCE');
    expect(urgencyLabel('urgent')).toBe('⚠️ Urgent');
    expect(urgencyLabel('normal')).toBe('Normal');
    expect(urgencyLabel('')).toBe('Normal');
  });

  it('carries the nine fields with an ISO timestamp, and passes the receiver schema', () => {
    const now = new Date('2026-11-22T14:05:00.000Z');
    const payload = buildPayload({ ...valid, urgency: 'urgent' }, now);
    expect(payload).toEqual({ ...valid, urgency: 'urgent', timestamp: '2026-11-22T14:05:00.000Z', urgencyLabel: '⚠️ Urgent' });
    expect(Object.keys(payload)).toEqual(['name', 'phone', 'email', 'city', 'service', 'urgency', 'message', 'timestamp', 'urgencyLabel']);
    expect(quotePayloadSchema.safeParse(payload).success).toBe(true);
  });

  it('the receiver schema refuses a payload without a valid timestamp', () => {
    const payload = buildPayload(valid, new Date());
    expect(quotePayloadSchema.safeParse({ ...payload, timestamp: 'hier' }).success).toBe(false);
  });
});
