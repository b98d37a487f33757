import { expect, it } from 'vitest';
import { profileCpuMs } from '../../tools/lib/isolate-cpu.ts';

const nodes = [
  { id: 1, callFrame: { functionName: '(root)' } },
  { id: 2, callFrame: { functionName: 'fetch' } },
  { id: 3, callFrame: { functionName: '(idle)' } },
];

it('counts each busy sample for the gap before it, a gap the isolate spent waiting as one period of the sampler, and idle samples not at all', () => {
  // Three samples 200 µs apart, then 40 ms waiting for D1, then two more, then an idle one.
  const profile = { nodes, samples: [2, 2, 2, 2, 2, 3], timeDeltas: [200, 200, 200, 40_000, 200, 200] };
  expect(profileCpuMs(profile)).toBeCloseTo((200 * 3 + 200 + 200) / 1000, 6);
});

it('counts nothing for a profile without busy samples', () => {
  expect(profileCpuMs({ nodes, samples: [3, 3], timeDeltas: [5_000, 5_000] })).toBe(0);
});
