/**
 * The network a request comes from, for the rate limit: an IPv4 address as is, an IPv6 address
 * cut to its /64, since one home or phone gets a whole /64 and can change addresses inside it at
 * will. An IPv4 address written as IPv6 (`::ffff:203.0.113.9`) counts as the IPv4 one.
 */
export function clientNetwork(address: string): string {
  if (!address.includes(':')) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
