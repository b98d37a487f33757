import { expect, it } from 'vitest';
import { clientNetwork } from '../../src/leads/client-network.ts';

it('counts an IPv6 client by its /64, however the address is written, and an IPv4 client by its address', () => {
  const same = ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:0db8:0001:0002::1', '2001:db8:1:2::', '2001:DB8:1:2:0:0:0:9'];
  expect(new Set(same.map(clientNetwork))).toEqual(new Set(['2001:db8:1:2::/64']));
  expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  expect(clientNetwork('203.0.113.9')).toBe('203.0.113.9');
  expect(clientNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
});
