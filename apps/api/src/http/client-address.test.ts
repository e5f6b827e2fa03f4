import { describe, expect, it } from 'vitest';
import { addressGroup } from './client-address.ts';

describe('issue 32 point 3: per-address limits count an IPv6 client by its /64', () => {
  it.each([
    ['an IPv4 address stays itself', '198.51.100.7', '198.51.100.7'],
    ['a full IPv6 address', '2001:0db8:0001:0002:0003:0004:0005:0006', '2001:db8:1:2::/64'],
    ['another address of the same /64', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['a compressed one', '2001:db8::1', '2001:db8:0:0::/64'],
    ['compression inside the /64', '2001:db8::2:0:0:0:1', '2001:db8:0:2::/64'],
    ['upper case', '2001:DB8:1:2::A', '2001:db8:1:2::/64'],
    ['a zone', 'fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['a dotted IPv4 tail', '64:ff9b::198.51.100.7', '64:ff9b:0:0::/64'],
    ['loopback', '::1', '0:0:0:0::/64'],
    ['something unreadable stays itself', 'unknown', 'unknown'],
  ])('%s', (_, address, group) => {
    expect(addressGroup(address)).toBe(group);
  });

  it('tells apart two /64s next to each other', () => {
    expect(addressGroup('2001:db8:1:2::1')).not.toBe(addressGroup('2001:db8:1:3::1'));
  });
});
