/**
 * The workflow's jobs and steps, read from its YAML in the order GitHub runs them, for the local
 * replay (npm run ci:local). Pure: the text in, the plan out.
 */
import { parse } from 'yaml';

export interface PlannedStep {
  /** As GitHub shows it: its name, else « Run » and its command's first line, else « Run » and its action. */
  title: string;
  id?: string;
  if?: string;
  env: Record<string, string>;
  run?: string;
  uses?: string;
  with: Record<string, string>;
}

export interface PlannedJob {
  id: string;
  name: string;
  needs: string[];
  if?: string;
  env: Record<string, string>;
  steps: PlannedStep[];
}

type RawStep = { name?: string; id?: string; if?: string | boolean; env?: Record<string, unknown>; run?: string; uses?: string; with?: Record<string, unknown> };
type RawJob = { name?: string; needs?: string | string[]; if?: string | boolean; env?: Record<string, unknown>; steps?: RawStep[] };

const strings = (record: Record<string, unknown> | undefined): Record<string, string> => Object.fromEntries(Object.entries(record ?? {}).map(([k, v]) => [k, String(v)]));

function stepTitle(step: RawStep): string {
  if (step.name) return step.name;
  if (step.run) return `Run ${step.run.trim().split('\n')[0]}`;
  return `Run ${step.uses ?? '?'}`;
}

function planStep(step: RawStep): PlannedStep {
  return {
    title: stepTitle(step),
    ...(step.id ? { id: step.id } : {}),
    ...(step.if !== undefined ? { if: String(step.if) } : {}),
    env: strings(step.env),
    ...(step.run ? { run: step.run } : {}),
    ...(step.uses ? { uses: step.uses } : {}),
    with: strings(step.with),
  };
}

/** Jobs in an order where each comes after those it needs (GitHub would run independent ones side by side). */
function ordered(jobs: PlannedJob[]): PlannedJob[] {
  const done: PlannedJob[] = [];
  const left = [...jobs];
  while (left.length > 0) {
    const next = left.findIndex((job) => job.needs.every((n) => done.some((d) => d.id === n)));
    if (next < 0) throw new Error(`Dépendances de jobs introuvables ou circulaires : ${left.map((j) => `${j.id} ← ${j.needs.join(', ')}`).join(' ; ')}`);
    done.push(...left.splice(next, 1));
  }
  return done;
}

export function planWorkflow(yaml: string): PlannedJob[] {
  const doc = parse(yaml) as { jobs?: Record<string, RawJob> };
  const jobs = Object.entries(doc.jobs ?? {}).map(([id, job]) => ({
    id,
    name: job.name ?? id,
    needs: job.needs === undefined ? [] : [job.needs].flat(),
    ...(job.if !== undefined ? { if: String(job.if) } : {}),
    env: strings(job.env),
    steps: (job.steps ?? []).map(planStep),
  }));
  return ordered(jobs);
}
