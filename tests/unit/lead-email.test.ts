import { describe, expect, it } from 'vitest';
import { quoteOptions } from '../../src/shared/quote/quote-options.ts';
import { alertMail, expiryMail } from '../../src/worker/alert-email.ts';
import { leadMail, type WaitingLead } from '../../src/worker/lead-email.ts';

// The form's lists as the build makes them (src/shared/quote/quote-options.ts), for a small site
// written here: a city whose form value is not its name, and a service with an accent.
const options = quoteOptions({
  cities: [
    { featured: true, slug: 'ange-gardien', formValue: 'lage-gardien', name: 'L’Ange-Gardien' },
    { featured: true, slug: 'hull', name: 'Hull' },
  ],
  services: [{ formValue: 'elagage', name: 'Élagage' }],
});
const lead = (city: string, service: string): WaitingLead => ({
  id: 'id-1',
  payload: { name: 'Marie', phone: '819 555-0142', email: '', city, service, urgency: 'urgent', message: '', timestamp: '2026-05-01T12:00:00.000Z', urgencyLabel: '⚠️ Urgent' },
  receivedAt: Date.UTC(2026, 4, 1, 12),
  suspect: false,
});

describe('the owner’s e-mail shows each choice as the visitor saw it in the form', () => {
  it('writes the city and the service by their labels, in the text and in the subject', () => {
    const mail = leadMail(lead('lage-gardien', 'elagage'), 'a@site.test', 'b@site.test', 0, options);
    expect(mail.text).toContain('Ville : L’Ange-Gardien\n');
    expect(mail.text).toContain('Service : Élagage\n');
    expect(mail.subject).toBe('⚠️ Urgent — Demande de devis : Marie, L’Ange-Gardien (Élagage)');
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/lage-gardien|elagage/);
  });

  it('labels « autre » as the form does', () => {
    const mail = leadMail(lead('autre', 'autre'), 'a@site.test', 'b@site.test', 0, options);
    expect(mail.text).toContain(`Ville : ${options.cities.at(-1)!.label}\n`);
    expect(mail.text).toContain(`Service : ${options.services.at(-1)!.label}\n`);
  });

  it('writes the value itself when the form was unreadable or no longer lists it: the lead still goes out', () => {
    expect(leadMail(lead('hull', 'elagage'), 'a@site.test', 'b@site.test', 0, undefined).text).toContain('Ville : hull\n');
    expect(leadMail(lead('aylmer', 'elagage'), 'a@site.test', 'b@site.test', 0, options).text).toContain('Ville : aylmer\n');
  });

  it('labels the city in the alert’s list of waiting leads and in the last copy before destruction', () => {
    const waiting = lead('lage-gardien', 'elagage');
    expect(alertMail({ from: 'a@site.test', to: 'b@site.test', waiting: 1, oldestReceivedAt: 0, now: 0, lastError: null, leads: [waiting], options }).text).toContain('· Marie · L’Ange-Gardien ·');
    expect(expiryMail({ from: 'a@site.test', to: 'b@site.test', leads: [waiting], days: 90, now: 0, options }).text).toContain('Service : Élagage');
  });
});
