/** The address classifier and the URL checks of main/net, over every textual form an address can take. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forbiddenReason, isForbiddenAddress, METADATA_ADDRESSES } from '../../../main/net/address.ts';
import { OutboundError } from '../../../main/net/errors.ts';
import { AllowList, checkUrl } from '../../../main/net/target.ts';

const none = new AllowList([]);

/** An IPv4 address as a 32-bit number inside `base/prefix`. */
function inRange(base: string, prefix: number): fc.Arbitrary<number> {
  const start = base.split('.').reduce((n, o) => n * 256 + Number(o), 0);
  return fc.integer({ min: 0, max: 2 ** (32 - prefix) - 1 }).map((offset) => start + offset);
}

const dotted = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');

/** One number the way the WHATWG host parser reads it: decimal, 0x hex (either case) or 0-prefixed octal. */
const numeral = (n: number): fc.Arbitrary<string> =>
  fc.constantFrom('dec', 'hex', 'HEX', 'oct').map((radix) => {
    if (radix === 'dec') return String(n);
    if (radix === 'oct') return `0${n.toString(8)}`;
    return radix === 'hex' ? `0x${n.toString(16)}` : `0X${n.toString(16).toUpperCase()}`;
  });

/** Every textual IPv4 form: 1 to 4 parts (the last part fills the remaining bytes), each in any radix, maybe a trailing dot. */
function ipv4Spelling(n: number): fc.Arbitrary<string> {
  const b = [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255] as const;
  const layouts: number[][] = [[n >>> 0], [b[0], n & 0xffffff], [b[0], b[1], n & 0xffff], [...b]];
  return fc
    .tuple(fc.constantFrom(...layouts), fc.boolean())
    .chain(([parts, dot]) => fc.tuple(...parts.map(numeral)).map((ps) => ps.join('.') + (dot ? '.' : '')));
}

function rejected(url: string): OutboundError {
  try {
    checkUrl(url, none);
  } catch (err) {
    if (err instanceof OutboundError) return err;
    throw err;
  }
  throw new Error(`${url} was accepted`);
}

const FORBIDDEN_V4: [string, string, number][] = [
  ['loopback', '127.0.0.0', 8],
  ['private 10/8', '10.0.0.0', 8],
  ['private 172.16/12', '172.16.0.0', 12],
  ['private 192.168/16', '192.168.0.0', 16],
  ['link-local', '169.254.0.0', 16],
  ['CGNAT', '100.64.0.0', 10],
  ['unspecified / this network', '0.0.0.0', 8],
  ['multicast', '224.0.0.0', 4],
  ['reserved', '240.0.0.0', 4],
];

describe('IPv4 in any spelling', () => {
  it('parses the spellings of the issue to loopback, and rejects them', () => {
    for (const host of ['127.1', '2130706433', '0x7f.1', '0177.0.0.1', '127.0.0.1', '0x7F000001', '017700000001', '127.0.1']) {
      expect(new URL(`http://${host}/`).hostname).toMatch(/^127\./);
      expect(rejected(`http://${host}:8080/x`).value.code).toBe(190001);
    }
  });

  for (const [name, base, prefix] of FORBIDDEN_V4) {
    it(`rejects every address of ${name} in every textual form`, () => {
      fc.assert(
        fc.property(
          inRange(base, prefix).chain((n) => fc.tuple(fc.constant(n), ipv4Spelling(n))),
          ([n, spelling]) => {
            const url = `http://${spelling}:8080/`;
            expect(new URL(url).hostname).toBe(dotted(n));
            expect(rejected(url).value.name).toBe('URL_FORBIDDEN');
          },
        ),
        { numRuns: 300 },
      );
    });
  }

  it('rejects the broadcast address', () => {
    expect(forbiddenReason('255.255.255.255')).toBe('broadcast');
    expect(rejected('http://4294967295/').value.code).toBe(190001);
  });

  it('lets public unicast addresses through', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '151.101.1.69', '172.32.0.1', '100.128.0.1', '11.0.0.1']) {
      expect(forbiddenReason(ip)).toBeNull();
      expect(checkUrl(`http://${ip}/file.pdf`, none).allowListed).toBe(false);
    }
  });

  it('rejects the cloud metadata addresses, even the public-range one', () => {
    for (const ip of METADATA_ADDRESSES) expect(forbiddenReason(ip)).toBe('cloud metadata address');
    expect(forbiddenReason('168.63.129.17')).toBeNull();
  });
});

describe('IPv6, and IPv4 carried inside IPv6', () => {
  const v4 = fc.integer({ min: 0, max: 2 ** 32 - 1 });
  const hex = (n: number) => `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;

  it('judges every IPv4-mapped address exactly as the IPv4 address it carries', () => {
    fc.assert(
      fc.property(v4, (n) => {
        const plain = isForbiddenAddress(dotted(n));
        expect(isForbiddenAddress(`::ffff:${dotted(n)}`)).toBe(plain);
        expect(isForbiddenAddress(`::ffff:${hex(n)}`)).toBe(plain);
        expect(isForbiddenAddress(`0:0:0:0:0:ffff:${hex(n)}`)).toBe(plain);
      }),
      { numRuns: 2000 },
    );
  });

  for (const [name, base, prefix] of FORBIDDEN_V4) {
    it(`rejects ${name} mapped, translated, NAT64 and 6to4, in URLs too`, () => {
      fc.assert(
        fc.property(inRange(base, prefix), (n) => {
          const w = [n >>> 16, n & 0xffff].map((x) => x.toString(16));
          for (const ip of [`::ffff:${dotted(n)}`, `::ffff:${w[0]}:${w[1]}`, `::ffff:0:${w[0]}:${w[1]}`, `64:ff9b::${w[0]}:${w[1]}`, `2002:${w[0]}:${w[1]}::1`]) {
            expect(isForbiddenAddress(ip), ip).toBe(true);
            expect(rejected(`http://[${ip}]:8080/`).value.name).toBe('URL_FORBIDDEN');
          }
        }),
        { numRuns: 200 },
      );
    });
  }

  it('rejects the special IPv6 ranges', () => {
    const cases: [string, string][] = [
      ['::1', 'loopback'],
      ['::', 'unspecified'],
      ['fe80::1', 'linkLocal'],
      ['fc00::1', 'uniqueLocal'],
      ['fd12:3456::1', 'uniqueLocal'],
      ['ff02::1', 'multicast'],
      ['fd00:ec2::254', 'cloud metadata address'],
      ['2001::1', 'teredo'],
      ['64:ff9b:1::1', 'rfc6052'],
      ['::7f00:1', 'not global unicast'],
      ['fec0::1', 'deprecatedSiteLocal'],
    ];
    for (const [ip, reason] of cases) expect(forbiddenReason(ip), ip).toBe(reason);
  });

  it('lets global unicast and public IPv4 carried in IPv6 through', () => {
    for (const ip of ['2606:4700:4700::1111', '2a00:1450:4001::200e', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1']) expect(forbiddenReason(ip), ip).toBeNull();
  });
});

describe('URL checks', () => {
  it('allows only http and https', () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/x', 'gopher://example.com:70/_', 'data:text/plain,hi', 'javascript:alert(1)', 'ws://example.com/']) {
      expect(rejected(url).message).toMatch(/scheme/);
    }
    expect(checkUrl('https://example.com/a.pdf', none).hostPort).toBe('example.com:443');
  });

  it('refuses user info', () => {
    expect(rejected('http://user:pw@example.com/').message).toMatch(/user info/);
    expect(rejected('http://user@example.com/').message).toMatch(/user info/);
  });

  it('refuses internal names, with or without a trailing dot', () => {
    for (const host of ['localhost', 'localhost.', 'LOCALHOST', 'foo.localhost', 'metadata.google.internal', 'metadata.google.internal.', 'metadata.goog', 'instance-data']) {
      expect(rejected(`http://${host}:8080/`).message, host).toMatch(/internal/);
    }
  });

  it('refuses a string that is not an absolute URL', () => {
    expect(rejected('/relative/path').value.name).toBe('URL_FORBIDDEN');
  });

  it('exempts exact host:port pairs of the operator allow-list, and nothing else', () => {
    const allow = new AllowList(['127.0.0.1:8080', '[::1]:9000', 'files.intranet:443']);
    expect(checkUrl('http://127.0.0.1:8080/x', allow).allowListed).toBe(true);
    expect(checkUrl('http://0x7f.1:8080/x', allow).allowListed).toBe(true);
    expect(checkUrl('http://[::1]:9000/', allow).allowListed).toBe(true);
    expect(checkUrl('https://files.intranet/', allow).allowListed).toBe(true);
    expect(checkUrl('http://files.intranet:443/', allow).allowListed).toBe(true);
    expect(rejected('http://127.0.0.1:8081/').value.code).toBe(190001);
    expect(rejected('http://127.0.0.2:8080/').value.code).toBe(190001);
    expect(rejected('http://[::1]:8080/').value.code).toBe(190001);
    expect(rejected('http://user:pw@127.0.0.1:8080/').value.code).toBe(190001);
    expect(rejected('ftp://127.0.0.1:8080/').value.code).toBe(190001);
  });

  it('refuses allow-list entries that are not host:port', () => {
    for (const entry of ['127.0.0.1', 'http://127.0.0.1:80', '127.0.0.1:80/path', 'user@host:80', '*:80']) {
      expect(() => new AllowList([entry]), entry).toThrow(TypeError);
    }
  });
});
