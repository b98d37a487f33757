import { expect, it } from 'vitest';
import { profileCpuMs } from '../../tools/lib/isolate-cpu.ts';

const nodes = [
  { id: 1, callFrame: { functionName: '(root)' } },
  { id: 2, callFrame: { functionName: 'fetch' } },
  { id: 3, callFrame: { functionName: '(idle)' } },
];

it('counts each busy sample as one period of the sampler, its median gap between samples leaving out the time the isolate spent waiting, and idle samples not at all', () => {
  // Samples 180 to 240 µs apart, 40 ms waiting for D1 in between, and an idle one at the end.
  const profile = { nodes, samples: [2, 2, 2, 2, 2, 3], timeDeltas: [180, 200, 240, 40_000, 200, 220] };
  expect(profileCpuMs(profile)).toBeCloseTo((5 * 200) / 1000, 6);
});

it('counts a busy sample as the period asked for when no two samples were close enough to show the real one', () => {
  expect(profileCpuMs({ nodes, samples: [2, 2], timeDeltas: [3_000, 9_000] })).toBeCloseTo(0.2, 6);
});

it('counts nothing for a profile without busy samples', () => {
  expect(profileCpuMs({ nodes, samples: [3, 3], timeDeltas: [5_000, 5_000] })).toBe(0);
});
