import type { QuoteOptions } from '../shared/quote/quote-options.ts';
import { leadLine, leadMail, type WaitingLead } from './lead-email.ts';
import { type Mail, quebecTime } from './mime.ts';

/**
 * The owner's alerts, in French: leads waiting for the webhook (how many, how to see them),
 * requests the site refused, and cron steps that failed.
 */
export interface AlertFacts {
  from: string;
  to: string;
  waiting: number;
  oldestReceivedAt: number;
  now: number;
  lastError: string | null;
  /** The waiting leads, oldest first (at most `ALERT_LIST_MAX`), for the owner to call back from a phone. */
  leads: WaitingLead[];
  /** The form's lists, for the labels of each lead's city (/contact unreadable: undefined). */
  options?: QuoteOptions | undefined;
}

/** The most waiting leads one alert lists; the rest are counted. */
export const ALERT_LIST_MAX = 100;

export function alertSubject(waiting: number): string {
  return waiting === 1 ? '1 demande de devis en attente : le webhook ne répond pas' : `${waiting} demandes de devis en attente : le webhook ne répond pas`;
}

export function alertText(f: AlertFacts): string {
  const leads = f.waiting === 1 ? '1 demande de devis attend' : `${f.waiting} demandes de devis attendent`;
  return [
    'Bonjour,',
    '',
    `${leads} d’être transmise${f.waiting === 1 ? '' : 's'} à votre automatisation (le webhook), la plus ancienne depuis le ${quebecTime(f.oldestReceivedAt)}.`,
    f.lastError ? `Dernière réponse du webhook : ${f.lastError}.` : '',
    '',
    'Les demandes qui attendent, à rappeler au besoin :',
    ...f.leads.map((l) => `  - ${leadLine(l, f.options)}`),
    ...(f.waiting > f.leads.length ? [`  … et ${f.waiting - f.leads.length} autre(s).`] : []),
    '',
    'Rien n’est perdu : chaque demande est gardée par le site et sera transmise dès que le webhook répondra (au moins une fois : son identifiant, dans l’en-tête Idempotency-Key, permet d’écarter un doublon).',
    '',
    'Pour les voir en entier (courriel, service, message, tentatives) :',
    '  npm run leads -- --remote            (la liste, avec les tentatives)',
    '  npm run leads -- --remote --csv      (un fichier pour un tableur)',
    'ou, dans Cloudflare : Workers & Pages → D1 → leads → Console : SELECT * FROM leads WHERE state != \'delivered\';',
    '',
    'Pour vérifier le webhook : npm run check:webhook (docs/deploy.md « Le webhook de devis »).',
    '',
    'Ce courriel n’est envoyé qu’une fois par incident (rappel après 24 heures si rien ne change).',
  ]
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\r\n');
}

export function alertMail(f: AlertFacts): Mail {
  return { from: f.from, to: f.to, subject: alertSubject(f.waiting), text: alertText(f), now: f.now };
}

export interface IntakeFacts {
  from: string;
  to: string;
  count: number;
  first: number;
  lastReason: string | null;
  now: number;
}

export function intakeAlertMail(f: IntakeFacts): Mail {
  const refused = f.count === 1 ? '1 envoi du formulaire a été refusé' : `${f.count} envois du formulaire ont été refusés`;
  const text = [
    'Bonjour,',
    '',
    `${refused} par le site depuis le ${quebecTime(f.first)} (erreur du site, pas du visiteur).`,
    f.lastReason ? `Dernière cause : ${f.lastReason}.` : '',
    '',
    'Le visiteur a vu un message d’échec avec votre numéro de téléphone, et sa demande attend dans son navigateur : elle repartira à sa prochaine visite du site. Il se peut qu’il vous appelle d’ici là.',
    '',
    'Si cela se répète : Cloudflare → Workers & Pages → le Worker → Observability (journaux), ou demandez à la personne qui entretient le site.',
  ]
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n');
  return { from: f.from, to: f.to, subject: f.count === 1 ? '1 demande de devis refusée par le site' : `${f.count} demandes de devis refusées par le site`, text, now: f.now };
}

export function cronFailureMail(f: { from: string; to: string; failed: { step: string; error: string }[]; now: number }): Mail {
  const text = [
    'Bonjour,',
    '',
    'La vérification automatique des demandes de devis (toutes les 5 minutes) n’a pas pu faire ceci :',
    ...f.failed.map((s) => `  - ${s.step} : ${s.error}`),
    '',
    'Les autres étapes ont été faites. Les demandes déjà gardées ne sont pas perdues ; tant que la panne dure, ce courriel revient une fois par jour.',
    'Pour voir les demandes : npm run leads -- --remote, ou Cloudflare → Workers & Pages → D1 → leads.',
  ].join('\n');
  return { from: f.from, to: f.to, subject: 'Demandes de devis : une vérification automatique a échoué', text, now: f.now };
}

/** The last copy of leads that never reached the owner, sent before the retention period destroys them. */
export function expiryMail(f: { from: string; to: string; leads: WaitingLead[]; days: number; now: number; options?: QuoteOptions | undefined }): Mail {
  const text = [
    'Bonjour,',
    '',
    `${f.leads.length === 1 ? 'Cette demande de devis n’a jamais pu vous être transmise' : `Ces ${f.leads.length} demandes de devis n’ont jamais pu vous être transmises`} et atteint la durée de conservation (${f.days} jours) : le site la détruit maintenant. Voici la dernière copie, en entier.`,
    ...f.leads.flatMap((l) => ['', '────────', leadMail(l, f.from, f.to, f.now, f.options).text]),
  ].join('\n');
  return { from: f.from, to: f.to, subject: `${f.leads.length} demande(s) de devis jamais transmise(s) : dernière copie avant destruction`, text, now: f.now };
}
