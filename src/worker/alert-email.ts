/**
 * The owner's alert, as a raw MIME message for the `send_email` binding: plain text in French,
 * naming how many leads wait and how to see them. Subject encoded as RFC 2047 (it has accents).
 */
export interface AlertFacts {
  from: string;
  to: string;
  waiting: number;
  oldestReceivedAt: number;
  now: number;
  lastError: string | null;
}

const encodeWord = (text: string) => `=?UTF-8?B?${btoa(String.fromCharCode(...new TextEncoder().encode(text)))}?=`;

/** The time of day in Quebec, written as the owner reads it: « 14 h 05 ». */
function quebecTime(at: number): string {
  const parts = new Intl.DateTimeFormat('fr-CA', { timeZone: 'America/Toronto', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', day: 'numeric', month: 'long' }).formatToParts(new Date(at));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')} ${get('month')} à ${get('hour')} h ${get('minute')}`;
}

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
    'Rien n’est perdu : chaque demande est gardée par le site et sera transmise dès que le webhook répondra (au moins une fois : son identifiant, dans l’en-tête Idempotency-Key, permet d’écarter un doublon).',
    '',
    'Pour les voir tout de suite (nom, téléphone, ville, service, urgence) :',
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

export function alertMime(f: AlertFacts): string {
  const domain = f.from.split('@')[1] ?? 'localhost';
  return [
    `From: ${f.from}`,
    `To: ${f.to}`,
    `Subject: ${encodeWord(alertSubject(f.waiting))}`,
    `Date: ${new Date(f.now).toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <alerte-${f.now}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    alertText(f),
    '',
  ].join('\r\n');
}
