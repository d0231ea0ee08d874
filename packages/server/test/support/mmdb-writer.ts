/**
 * @module A MaxMind DB (.mmdb, format 2.0) written from a few networks, for the GeoIP tests: no
 * writer package is at hand and the real databases are licensed downloads. Test support only: an
 * IPv6 tree (IPv4 networks at ::/96, where readers look for them), 32-bit records, a data section
 * of maps, strings and unsigned integers, each record written whole (no pointers), and the
 * metadata after its marker. Networks must not overlap.
 */
import { isIPv4 } from 'node:net';

/** A value of the data section: what the GeoIP records hold. */
export type MmdbValue = string | number | bigint | readonly MmdbValue[] | { readonly [key: string]: MmdbValue };

export interface MmdbNetwork {
  /** `203.0.113.0/24` or `2001:db8::/32`. */
  readonly cidr: string;
  readonly record: { readonly [key: string]: MmdbValue };
}

export interface MmdbOptions {
  /** `GeoLite2-City`, `GeoIP2-Country`… */
  readonly databaseType: string;
  readonly languages?: readonly string[];
}

const RECORD_BITS = 32;
const METADATA_MARKER = Buffer.from('abcdef4d61784d696e642e636f6d', 'hex');

interface TreeNode {
  children: [TreeNode | number | undefined, TreeNode | number | undefined];
}

export function writeMmdb(networks: readonly MmdbNetwork[], options: MmdbOptions): Buffer {
  const root: TreeNode = { children: [undefined, undefined] };
  const records: Buffer[] = [];
  let dataSize = 0;
  for (const { cidr, record } of networks) {
    const encoded = encode(record);
    insert(root, networkBits(cidr), dataSize);
    records.push(encoded);
    dataSize += encoded.length;
  }
  const nodes = numberNodes(root);
  const nodeCount = nodes.length;
  const tree = Buffer.alloc(nodeCount * (RECORD_BITS / 4));
  const index = new Map(nodes.map((node, i) => [node, i]));
  nodes.forEach((node, i) => {
    node.children.forEach((child, side) => {
      // A record's value: a node's number, nodeCount for "no data", or past it for data at
      // (value - nodeCount - 16) in the data section (16: the separator's bytes).
      const value =
        child === undefined ? nodeCount : typeof child === 'number' ? nodeCount + 16 + child : index.get(child)!;
      tree.writeUInt32BE(value, i * 8 + side * 4);
    });
  });
  const metadata = encode({
    node_count: uint32(nodeCount),
    record_size: uint16(RECORD_BITS),
    ip_version: uint16(6),
    database_type: options.databaseType,
    languages: [...(options.languages ?? ['en'])],
    binary_format_major_version: uint16(2),
    binary_format_minor_version: uint16(0),
    build_epoch: BigInt(Math.floor(Date.UTC(2026, 0, 1) / 1000)),
    description: { en: 'Latchkey test database' },
  });
  return Buffer.concat([tree, Buffer.alloc(16), ...records, METADATA_MARKER, metadata]);
}

/** The network's leading bits, IPv4 placed at ::/96. */
function networkBits(cidr: string): number[] {
  const [address = '', prefixText = ''] = cidr.split('/');
  const prefix = Number(prefixText);
  const bytes = isIPv4(address) ? [...Buffer.alloc(12), ...address.split('.').map(Number)] : ipv6Bytes(address);
  const length = isIPv4(address) ? 96 + prefix : prefix;
  const bits: number[] = [];
  for (let i = 0; i < length; i++) bits.push((bytes[i >> 3]! >> (7 - (i & 7))) & 1);
  return bits;
}

function ipv6Bytes(address: string): number[] {
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return groups.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 255];
  });
}

function insert(root: TreeNode, bits: readonly number[], dataOffset: number): void {
  let node = root;
  bits.forEach((bit, depth) => {
    const side = bit as 0 | 1;
    if (depth === bits.length - 1) {
      node.children[side] = dataOffset;
      return;
    }
    const next = node.children[side];
    if (typeof next === 'number') throw new Error('writeMmdb: overlapping networks');
    node = next ?? (node.children[side] = { children: [undefined, undefined] });
  });
}

/** Breadth first, the root 0: the only order readers rely on is that the root comes first. */
function numberNodes(root: TreeNode): TreeNode[] {
  const nodes = [root];
  for (let i = 0; i < nodes.length; i++)
    for (const child of nodes[i]!.children) if (child !== undefined && typeof child !== 'number') nodes.push(child);
  return nodes;
}

// Unsigned integers of a given width are tagged so the metadata fields get the types readers expect.
class Unsigned {
  constructor(
    readonly type: 5 | 6,
    readonly value: number,
  ) {}
}
const uint16 = (value: number) => new Unsigned(5, value);
const uint32 = (value: number) => new Unsigned(6, value);

type Encodable = MmdbValue | Unsigned | readonly Encodable[] | { readonly [key: string]: Encodable };

function encode(value: Encodable): Buffer {
  if (value instanceof Unsigned) return field(value.type, unsignedBytes(BigInt(value.value)));
  if (typeof value === 'string') return field(2, Buffer.from(value, 'utf8'));
  // A plain number is a uint32 (geoname ids, confidence); a bigint a uint64 (build_epoch).
  if (typeof value === 'number') return field(6, unsignedBytes(BigInt(value)));
  if (typeof value === 'bigint') return field(9, unsignedBytes(value));
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map((v) => encode(v))]);
  const entries = Object.entries(value as { readonly [key: string]: Encodable });
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, v]) => [encode(k), encode(v)])]);
}

/** Big-endian without leading zero bytes; zero is no bytes. */
function unsignedBytes(value: bigint): Buffer {
  const bytes: number[] = [];
  for (let v = value; v > 0n; v >>= 8n) bytes.unshift(Number(v & 255n));
  return Buffer.from(bytes);
}

function field(type: number, payload: Buffer): Buffer {
  return Buffer.concat([control(type, payload.length), payload]);
}

/** The control byte (type in the top 3 bits, types past 7 extended) and the size, with its extra bytes. */
function control(type: number, size: number): Buffer {
  const typeBits = type <= 7 ? type << 5 : 0;
  const extended = type <= 7 ? [] : [type - 7];
  let sizeBits: number;
  let extra: number[];
  if (size < 29) [sizeBits, extra] = [size, []];
  else if (size < 29 + 256) [sizeBits, extra] = [29, [size - 29]];
  else if (size < 285 + 65_536) [sizeBits, extra] = [30, [(size - 285) >> 8, (size - 285) & 255]];
  else {
    const rest = size - 65_821;
    [sizeBits, extra] = [31, [(rest >> 16) & 255, (rest >> 8) & 255, rest & 255]];
  }
  return Buffer.from([typeBits | sizeBits, ...extended, ...extra]);
}

/** A GeoLite2-City-like record: the city's and country's names by language, and the country's code. */
export function cityRecord(
  city: Readonly<Record<string, string>> | undefined,
  country: { readonly isoCode: string; readonly names: Readonly<Record<string, string>> },
): { readonly [key: string]: MmdbValue } {
  return {
    ...(city && { city: { geoname_id: 1, names: city } }),
    country: { geoname_id: 2, iso_code: country.isoCode, names: country.names },
  };
}
