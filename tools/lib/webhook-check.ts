/**
 * One test lead sent to the quote webhook exactly as a visitor's browser sends it (the island's own
 * request, src/shared/quote/quote-request.ts), and what the answer means for the live form in its
 * delivery mode, said in French to the owner who set the webhook up.
 */
import { DELIVERY, webhookRequest } from '../../src/leads/delivery.ts';
import { quoteRequestInit, sentByBrowser } from '../../src/shared/quote/quote-request.ts';
import { buildPayload, type QuoteDelivery, type QuotePayload, SEND_TIMEOUT_MS } from '../../src/shared/quote/quote-schema.ts';

export const TEST_NAME = 'TEST — vérification du webhook';

/** A lead nobody can take for a customer's: its name and message say it is a test. */
export function testLead(options: { phone: string; email: string; city: string; service: string }, now: Date): QuotePayload {
  return buildPayload(
    {
      name: TEST_NAME,
      ...options,
      urgency: 'normal',
      message: 'Ceci est un essai envoyé par « npm run check:webhook » pour vérifier que les demandes du site arrivent : ce n’est pas une vraie demande, aucune intervention n’est à prévoir. Vous pouvez la supprimer.',
    },
    now,
  );
}

/** What came back: an answer (its status and CORS header), or none. */
export type Outcome =
  | { kind: 'answered'; status: number; allowOrigin: string | null }
  | { kind: 'unreachable'; reason: string }
  | { kind: 'timeout' };

/** Why a request got no answer, as the owner can act on it. */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'ce nom de domaine n’existe pas (faute de frappe dans l’adresse?)';
  if (code === 'ECONNREFUSED') return 'connexion refusée : rien n’écoute à cette adresse';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connexion coupée par le serveur';
  if (/CERT|SSL|TLS/i.test(code)) return `certificat https refusé (${code})`;
  return cause?.message ?? (error as Error).message;
}

export function sendTestLead(url: string, delivery: QuoteDelivery, origin: string, lead: QuotePayload, timeoutMs = SEND_TIMEOUT_MS): Promise<Outcome> {
  return send(url, sentByBrowser(quoteRequestInit(delivery, JSON.stringify(lead)), origin), timeoutMs);
}

/** The test lead as the Worker forwards a kept lead in relay mode: the payload's JSON, its id as Idempotency-Key, from a server. */
export function sendAsWorker(url: string, lead: QuotePayload, id: string, timeoutMs = DELIVERY.timeoutMs): Promise<Outcome> {
  return send(url, webhookRequest(id, lead), timeoutMs);
}

async function send(url: string, request: RequestInit, timeoutMs: number): Promise<Outcome> {
  try {
    const response = await fetch(url, { ...request, signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return { kind: 'answered', status: response.status, allowOrigin: response.headers.get('access-control-allow-origin') };
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') return { kind: 'timeout' };
    return { kind: 'unreachable', reason: reasonOf(error) };
  }
}

export interface Verdict {
  /** Whether live leads would reach the webhook and the form would say so truthfully. */
  ok: boolean;
  lines: string[];
}

const CHECK_ARRIVAL = 'Vérifiez maintenant que la demande « TEST — vérification du webhook » est arrivée là où elle doit (courriel, texto, tableur) : c’est la seule preuve que toute la chaîne fonctionne.';

/** What the outcome means for a visitor's lead, in the form's delivery mode. */
export function verdict(delivery: QuoteDelivery, origin: string, outcome: Outcome): Verdict {
  if (outcome.kind !== 'answered') {
    const what = outcome.kind === 'timeout' ? `aucune réponse après ${SEND_TIMEOUT_MS / 1000} secondes` : `aucune réponse : ${outcome.reason}`;
    return {
      ok: false,
      lines: [
        `Échec : ${what}.`,
        'Sur le site, le visiteur verrait un message d’échec avec le numéro à composer, et garderait ce qu’il a tapé ; mais aucune demande n’arriverait. Vérifiez l’adresse du webhook et que l’automatisation est active, puis relancez.',
      ],
    };
  }
  const { status, allowOrigin } = outcome;
  const accepted = status >= 200 && status < 300;
  if (delivery === 'no-cors') {
    return accepted
      ? { ok: true, lines: [`Reçu : le webhook a répondu ${status}.`, CHECK_ARRIVAL, 'En mode no-cors, le navigateur du visiteur ne lit pas la réponse : le formulaire dit « envoyée » dès que le webhook répond.'] }
      : {
          ok: false,
          lines: [
            `Refusé : le webhook a répondu ${status} (${statusMeaning(status)}).`,
            'En mode no-cors, le navigateur du visiteur ne voit pas ce statut : le formulaire afficherait « envoyée » et la demande serait perdue sans que personne le sache. Corrigez l’adresse ou réactivez l’automatisation, puis relancez.',
          ],
        };
  }
  const allowed = allowOrigin === '*' || allowOrigin === origin;
  if (!allowed) {
    return {
      ok: false,
      lines: [
        `Le webhook a répondu ${status}, sans en-tête Access-Control-Allow-Origin pour ${origin}${allowOrigin ? ` (il annonce « ${allowOrigin} »)` : ''}.`,
        `En mode cors, le navigateur du visiteur refuserait cette réponse : le formulaire dirait que l’envoi a échoué${accepted ? ' alors que la demande est arrivée (le visiteur la renverrait, ou appellerait)' : ''}. Gardez quoteDelivery: no-cors dans content/site.md, ou faites répondre au webhook « Access-Control-Allow-Origin: * » (ou l’adresse du site).`,
      ],
    };
  }
  return accepted
    ? { ok: true, lines: [`Reçu : le webhook a répondu ${status}, avec Access-Control-Allow-Origin « ${allowOrigin} ».`, CHECK_ARRIVAL, 'En mode cors, le formulaire dit « envoyée » seulement sur une telle réponse, et un échec sinon.'] }
    : {
        ok: false,
        lines: [
          `Refusé : le webhook a répondu ${status} (${statusMeaning(status)}).`,
          'En mode cors, le visiteur verrait un message d’échec et garderait ce qu’il a tapé : rien ne se perd sans bruit, mais aucune demande n’arriverait. Corrigez l’adresse ou réactivez l’automatisation, puis relancez.',
        ],
      };
}

/** What the outcome means in relay mode, where the Worker, not the visitor's browser, meets the webhook. */
export function relayVerdict(outcome: Outcome): Verdict {
  if (outcome.kind === 'answered' && outcome.status >= 200 && outcome.status < 300) {
    return { ok: true, lines: [`Reçu : le webhook a répondu ${outcome.status}.`, CHECK_ARRIVAL, 'En mode relay, le Worker envoie chaque demande gardée ainsi (JSON, son identifiant dans l’en-tête Idempotency-Key) et la note « transmise » sur une telle réponse.'] };
  }
  const what =
    outcome.kind === 'answered'
      ? `Refusé : le webhook a répondu ${outcome.status} (${statusMeaning(outcome.status)}).`
      : `Échec : ${outcome.kind === 'timeout' ? `aucune réponse après ${DELIVERY.timeoutMs / 1000} secondes` : `aucune réponse : ${outcome.reason}`}.`;
  return {
    ok: false,
    lines: [
      what,
      'En mode relay, rien ne se perd : le Worker garde chaque demande dans D1, réessaie, et vous écrit (ALERT_TO) quand des demandes attendent ; mais aucune n’arriverait à l’automatisation. Corrigez le secret du Worker (npm run wrangler -- secret put QUOTE_WEBHOOK_URL) ou réactivez l’automatisation, puis relancez ; npm run leads -- --remote --waiting montre celles qui attendent.',
    ],
  };
}

function statusMeaning(status: number): string {
  if (status === 404 || status === 410) return 'adresse inconnue : webhook supprimé, ou adresse mal copiée';
  if (status === 401 || status === 403) return 'accès refusé : l’automatisation demande une clé ou une autorisation';
  if (status >= 400 && status < 500) return 'demande refusée par l’automatisation';
  if (status >= 500) return 'erreur du côté de l’automatisation : scénario arrêté, en panne ou mal configuré';
  return 'réponse inattendue';
}
