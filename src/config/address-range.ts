import net from 'node:net';

export interface AddressRange {
  readonly address: string;
  readonly prefix: number;
  readonly family: 'ipv4' | 'ipv6';
}

/** `10.1.2.3`, `10.0.0.0/8`, `::1` or `fd00::/8`; null for anything else. */
export function parseAddressRange(entry: string): AddressRange | null {
  const [address = '', prefixText] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!/^\d{1,3}$/.test(prefixText ?? String(max)) || prefix > max) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** A set of address ranges to test client or proxy addresses against. */
export function addressMatcher(entries: readonly string[]): (address: string) => boolean {
  const list = new net.BlockList();
  for (const entry of entries) {
    const range = parseAddressRange(entry);
    if (range) list.addSubnet(range.address, range.prefix, range.family);
  }
  return (address) => {
    const plain = address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
    const version = net.isIP(plain);
    return version !== 0 && list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
  };
}
