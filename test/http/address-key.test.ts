import { describe, expect, it } from 'vitest';
import { addressKey, networkKey, UNREADABLE_ADDRESS } from '../../src/http/address-key.js';

describe('the address key of rate limits', () => {
  it('is an IPv4 address itself', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey(' 203.0.113.7 ')).toBe('203.0.113.7');
  });

  it('is the /64 of an IPv6 address, the same for every address in it', () => {
    const keys = new Set(
      Array.from({ length: 50 }, (_, i) => addressKey(`2001:db8:1:2:${i.toString(16)}:0:0:${i + 1}`)),
    );
    expect([...keys]).toEqual(['2001:db8:1:2::/64']);
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });

  it('is one key for every spelling of one IPv6 address', () => {
    const spellings = [
      '2001:db8:0:2::1',
      '2001:DB8:0:2:0:0:0:1',
      '2001:0db8:0000:0002:0000:0000:0000:0001',
      '2001:db8::2:0:0:0:1',
      '[2001:db8:0:2::1]',
      '2001:db8:0:2::1%eth0',
    ];
    expect(new Set(spellings.map(addressKey))).toEqual(new Set(['2001:db8:0:2::/64']));
  });

  it('reads `::` anywhere, including at either end', () => {
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::')).toBe('fe80:0:0:0::/64');
    expect(addressKey('1:2:3:4:5:6:7::')).toBe('1:2:3:4::/64');
  });

  it('is the IPv4 address carried by an IPv4-mapped IPv6 address, however it is written', () => {
    for (const mapped of ['::ffff:198.51.100.9', '::FFFF:198.51.100.9', '0:0:0:0:0:ffff:c633:6409']) {
      expect(addressKey(mapped), mapped).toBe('198.51.100.9');
    }
  });

  it('reads a dotted tail in other IPv6 addresses as their last 32 bits', () => {
    expect(addressKey('64:ff9b::198.51.100.9')).toBe('64:ff9b:0:0::/64');
  });

  it('is one shared key for anything that is not an address', () => {
    for (const bad of [
      '',
      'localhost',
      '256.1.1.1',
      '1.2.3',
      '1.2.3.4.5',
      '2001:db8::1::2',
      '2001:db8:1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8::',
      '2001:db8::g',
      '12345::1',
      '::ffff:1.2.3.256',
    ]) {
      expect(addressKey(bad), bad).toBe(UNREADABLE_ADDRESS);
    }
  });
});

describe('the network key of the aggregate limits', () => {
  it('is the /24 of an IPv4 address, the same for its 256 addresses and different for the next /24', () => {
    const keys = new Set(Array.from({ length: 256 }, (_, i) => networkKey(`203.0.113.${i}`)));
    expect([...keys]).toEqual(['203.0.113.0/24']);
    expect(networkKey('203.0.114.1')).toBe('203.0.114.0/24');
  });

  it('is the /48 of an IPv6 address, the same for every /64 in it and different for the next /48', () => {
    const keys = new Set(
      [0, 1, 0xff, 0xffff].map((subnet) => networkKey(`2001:db8:1:${subnet.toString(16)}::1`)),
    );
    expect([...keys]).toEqual(['2001:db8:1::/48']);
    expect(networkKey('2001:db8:2::1')).toBe('2001:db8:2::/48');
  });

  it('is the /24 of the IPv4 address an IPv4-mapped IPv6 address carries', () => {
    expect(networkKey('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(networkKey('0:0:0:0:0:ffff:c633:6409')).toBe('198.51.100.0/24');
  });

  it('is one key for every spelling of one IPv6 network', () => {
    const spellings = ['2001:db8:7::1', '2001:DB8:0007:0:0:0:0:1', '[2001:db8:7::1]', '2001:db8:7::1%eth0'];
    expect(new Set(spellings.map(networkKey))).toEqual(new Set(['2001:db8:7::/48']));
  });

  it('is the shared unreadable key for anything that is not an address', () => {
    for (const bad of ['', 'localhost', '256.1.1.1', '2001:db8::1::2']) {
      expect(networkKey(bad), bad).toBe(UNREADABLE_ADDRESS);
    }
  });
});
