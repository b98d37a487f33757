import type { OAuthEnv } from '../host/github-oauth.ts';

/**
 * The Worker's bindings (wrangler.jsonc), typed by hand with only what we call: the full
 * @cloudflare/workers-types would redefine fetch, Request and Response over the DOM's for the
 * whole project.
 */
export interface D1Statement {
  bind(...values: unknown[]): D1Statement;
  run(): Promise<{ meta: { changes: number } }>;
  first<T>(): Promise<T | null>;
  all<T>(): Promise<{ results: T[] }>;
}

export interface D1 {
  prepare(sql: string): D1Statement;
  batch(statements: D1Statement[]): Promise<unknown[]>;
}

/** What a queue message carries: the id only, the lead itself is in D1. */
export interface LeadMessage {
  id: string;
}

export interface LeadQueue {
  send(body: LeadMessage, options?: { delaySeconds?: number }): Promise<void>;
  sendBatch(messages: { body: LeadMessage }[]): Promise<void>;
}

export interface QueueMessage<B> {
  readonly id: string;
  readonly body: B;
  readonly attempts: number;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
}

export interface MessageBatch<B> {
  readonly queue: string;
  readonly messages: readonly QueueMessage<B>[];
}

export interface ScheduledController {
  readonly scheduledTime: number;
  readonly cron: string;
}

export interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}

export interface Env extends OAuthEnv {
  ASSETS: { fetch(request: Request | string): Promise<Response> };
  DB: D1;
  LEAD_QUEUE: LeadQueue;
  SEND_EMAIL?: { send(message: unknown): Promise<void> };
  /** The Workers Rate Limiting binding (wrangler.jsonc `ratelimits`): a flood is refused before D1. */
  LEAD_LIMITER?: { limit(options: { key: string }): Promise<{ success: boolean }> };
  /** Where leads go: the automation's address, a secret of the Worker, never in a page. */
  QUOTE_WEBHOOK_URL?: string;
  /** The owner's alert: from (a verified sender of the zone) and to (a verified address). */
  ALERT_FROM?: string;
  ALERT_TO?: string;
  /** From `privacy.leadRetentionDays` of content/site.md, passed at deploy (tools/lib/lead-policy.ts). */
  LEAD_RETENTION_DAYS?: string;
  /** Tests shorten the backoff and the webhook's timeout; production leaves them unset. */
  BACKOFF_BASE_SECONDS?: string;
  WEBHOOK_TIMEOUT_MS?: string;
}

/** The queue's names (wrangler.jsonc): the delivery queue and its dead letters. */
export const LEAD_QUEUE_NAME = 'quote-leads';
export const DEAD_LETTER_QUEUE_NAME = 'quote-leads-dlq';
