import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';

/** A JS number that is an integer exactly representable in a double (GraphQL's Int stops at 2^31-1). */
export const SafeInt = new GraphQLScalarType<number, number>({
  name: 'SafeInt',
  serialize: (value) => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new GraphQLError(`SafeInt cannot represent ${String(value)}`);
    return value;
  },
  parseValue: (value) => safeInteger(value, 'SafeInt'),
  parseLiteral: (node) => {
    if (node.kind !== Kind.INT) throw new GraphQLError(`SafeInt must be an integer literal, not ${literalText(node)}`);
    return safeInteger(Number(node.value), 'SafeInt');
  },
});

/**
 * Money: an exact integer amount in minor units, a decimal string on the wire in both directions
 * (a double would round amounts above 2^53 and many clients parse every JSON number as one). Input
 * also takes an integer literal or number; the services receive a JS number, range-checked by them.
 * A reply's exact sum (a report's, past 2^53) is a BigInt, written in full.
 */
export const Money = new GraphQLScalarType<number, string>({
  name: 'Money',
  serialize: (value) => {
    const text = (typeof value === 'number' && Number.isSafeInteger(value)) || typeof value === 'bigint' ? String(value) : value;
    if (typeof text !== 'string' || !/^-?\d+$/.test(text)) throw new GraphQLError(`Money cannot represent ${String(value)}`);
    return text;
  },
  parseValue: (value) => moneyInput(value),
  parseLiteral: (node) => {
    if (node.kind === Kind.STRING || node.kind === Kind.INT) return moneyInput(node.kind === Kind.INT ? Number(node.value) : node.value);
    throw new GraphQLError(`Money must be a decimal integer string such as "1500", not ${literalText(node)}`);
  },
});

/** Any JSON value, as is (output only: the config document). */
export const JSONScalar = new GraphQLScalarType<unknown, unknown>({
  name: 'JSON',
  serialize: (value) => value,
  parseValue: () => {
    throw new GraphQLError('JSON is an output type');
  },
});

function safeInteger(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new GraphQLError(`${name} must be an integer within ±(2^53-1), not ${JSON.stringify(value)}`);
  }
  return value;
}

function moneyInput(value: unknown): number {
  const amount = typeof value === 'string' && /^-?\d{1,16}$/.test(value) ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) {
    throw new GraphQLError(`Money must be a decimal integer string within ±(2^53-1), such as "1500", not ${JSON.stringify(value)}`);
  }
  return amount;
}

const literalText = (node: ValueNode) => ('value' in node ? JSON.stringify(node.value) : node.kind);
