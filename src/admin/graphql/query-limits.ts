import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  valueFromASTUntyped,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/** SPEC §2.9: at most 10 levels of fields. */
export const MAX_QUERY_DEPTH = 10;
/**
 * The most objects one query may ask for: each object field counts the objects it may return, a list
 * its `limit` (argument, variable or default) times its parent's count, and the `offset` rows it reads
 * past first. Lists inside a row (a
 * variable's items, a notification's entries) come with their row and count nothing more. A field the
 * SDL gives a `@cost(weight:)`, scalar, object or list, costs that many objects more each time it is
 * asked for, under every alias, per parent object: the work it does (a config document to build, a
 * rollback, reads over every partition), which no object count shows.
 */
export const MAX_QUERY_COST = 100_000;
/** SPEC §2.9: a document of more tokens is refused while it is parsed. */
export const MAX_QUERY_TOKENS = 10_000;
/**
 * Bounds on the shape graphql's own rules work through (OverlappingFieldsCanBeMerged compares every
 * pair of fields that share a response name, and every pair of fragments spread side by side), so a
 * document within them is validated in milliseconds: selections once fragments are spread, the times
 * one response name is asked for at one level, and the fragments one selection set spreads.
 */
export const MAX_QUERY_SELECTIONS = 1_000;
export const MAX_FIELD_REPEATS = 10;
export const MAX_SPREADS_PER_SELECTION = 32;

/**
 * The limits of every operation, in time linear in the document's length: its shape (size, repeats,
 * spreads), then depth and cost. A fragment's values are computed once, however often it is spread (a
 * fragment spread twice by one spread twice by … would otherwise be walked 2^n times). `variables`
 * are the request's, as sent (they fill `limit: $n`). An empty list: within every limit.
 */
export function checkQueryLimits(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Readonly<Record<string, unknown>> | null | undefined,
): GraphQLError[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION && !fragments.has(definition.name.value)) fragments.set(definition.name.value, definition);
  }
  const shape = createShapeWalk(fragments);
  const refusals: GraphQLError[] = [];
  for (const operation of document.definitions) {
    if (operation.kind !== Kind.OPERATION_DEFINITION) continue;
    const reason = shape.check(operation.selectionSet) ?? measure(schema, fragments, operation, variables);
    if (reason) refusals.push(new GraphQLError(reason, { nodes: [operation], extensions: { code: 'BAD_REQUEST' } }));
  }
  return refusals;
}

/** Depth, then cost: the reason the operation is over one, or null. */
function measure(
  schema: GraphQLSchema,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>> | null | undefined,
): string | null {
  const walk = createWalk(schema, fragments, { ...variableDefaults(operation), ...(variables ?? {}) });
  const depth = walk.depth(operation.selectionSet);
  if (depth > MAX_QUERY_DEPTH) return `the query is ${depth} levels deep; the limit is ${MAX_QUERY_DEPTH}`;
  const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  const cost = root ? walk.cost(root, operation.selectionSet) : 0;
  if (cost > MAX_QUERY_COST) return `the query may return ${cost} objects; the limit is ${MAX_QUERY_COST}: ask for smaller pages (limit) or fewer fields`;
  return null;
}

/** A value per fragment, computed once however often it is spread; a cycle or an unknown fragment is worth `none`. */
function fragmentMemo<T>(fragments: ReadonlyMap<string, FragmentDefinitionNode>, none: T) {
  const memo = new Map<string, T | typeof WALKING>();
  return (name: string, compute: (fragment: FragmentDefinitionNode) => T): T => {
    const known = memo.get(name);
    if (known !== undefined) return known === WALKING ? none : known;
    const fragment = fragments.get(name);
    if (!fragment) return none;
    memo.set(name, WALKING);
    const value = compute(fragment);
    memo.set(name, value);
    return value;
  };
}

/**
 * MAX_QUERY_SELECTIONS, MAX_FIELD_REPEATS and MAX_SPREADS_PER_SELECTION: the reason an operation is
 * over one of them, or null. The size comes first, so the repeat counts, whose work is bounded by it,
 * are only taken for an operation within it.
 */
function createShapeWalk(fragments: ReadonlyMap<string, FragmentDefinitionNode>) {
  const fragmentSize = fragmentMemo(fragments, 0);
  const fragmentNames = fragmentMemo<ReadonlyMap<string, number>>(fragments, new Map());

  /** Selections once fragments are spread (each spread counts its fragment's selections again). */
  function size(selectionSet: SelectionSetNode): number {
    let total = 0;
    for (const selection of selectionSet.selections) {
      total += 1 + (
        selection.kind === Kind.FRAGMENT_SPREAD ? fragmentSize(selection.name.value, (fragment) => size(fragment.selectionSet))
        : selection.selectionSet ? size(selection.selectionSet)
        : 0);
    }
    return total;
  }

  interface Level {
    /** Each response name at this level, with how often it is asked for (inline fragments and spreads merged in). */
    readonly names: ReadonlyMap<string, number>;
    /** Fragments spread at this level (through inline fragments too). */
    readonly spreads: number;
  }
  const levels = new Map<SelectionSetNode, Level>();

  function level(selectionSet: SelectionSetNode): Level {
    const known = levels.get(selectionSet);
    if (known) return known;
    const names = new Map<string, number>();
    const add = (name: string, times: number) => names.set(name, (names.get(name) ?? 0) + times);
    let spreads = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        add(selection.alias?.value ?? selection.name.value, 1);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const inner = level(selection.selectionSet);
        for (const [name, times] of inner.names) add(name, times);
        spreads += inner.spreads;
      } else {
        spreads += 1;
        for (const [name, times] of fragmentNames(selection.name.value, (fragment) => level(fragment.selectionSet).names)) add(name, times);
      }
    }
    const computed = { names, spreads };
    levels.set(selectionSet, computed);
    return computed;
  }

  /** Every selection set of the operation and of the fragments it reaches, each looked at once. */
  function repeats(selectionSet: SelectionSetNode, seen: Set<string>): string | null {
    const { names, spreads } = level(selectionSet);
    if (spreads > MAX_SPREADS_PER_SELECTION) return `a selection spreads ${spreads} fragments; the limit is ${MAX_SPREADS_PER_SELECTION}`;
    for (const [name, times] of names) {
      if (times > MAX_FIELD_REPEATS) return `"${name}" is asked for ${times} times at one level; the limit is ${MAX_FIELD_REPEATS} (use aliases)`;
    }
    for (const selection of selectionSet.selections) {
      let inner: SelectionSetNode | undefined;
      if (selection.kind !== Kind.FRAGMENT_SPREAD) inner = selection.selectionSet;
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        inner = fragments.get(selection.name.value)?.selectionSet;
      }
      const found = inner ? repeats(inner, seen) : null;
      if (found) return found;
    }
    return null;
  }

  return {
    check(selectionSet: SelectionSetNode): string | null {
      const selections = size(selectionSet);
      if (selections > MAX_QUERY_SELECTIONS) {
        return `the query has ${selections} selections once its fragments are spread; the limit is ${MAX_QUERY_SELECTIONS}`;
      }
      return repeats(selectionSet, new Set());
    },
  };
}

const isIntrospection = (field: FieldNode) => field.name.value.startsWith('__');
/** A fragment being walked: a spread of it inside itself (a cycle, which another rule reports) adds nothing. */
const WALKING = Symbol('walking');

function createWalk(schema: GraphQLSchema, fragments: ReadonlyMap<string, FragmentDefinitionNode>, variables: Readonly<Record<string, unknown>>) {
  const fragmentDepth = fragmentMemo(fragments, 0);
  const fragmentCost = fragmentMemo(fragments, 0);

  function depth(selectionSet: SelectionSetNode): number {
    let deepest = 0;
    for (const selection of selectionSet.selections) {
      const reached =
        selection.kind === Kind.FIELD ? (isIntrospection(selection) ? 0 : 1 + (selection.selectionSet ? depth(selection.selectionSet) : 0))
        : selection.kind === Kind.INLINE_FRAGMENT ? depth(selection.selectionSet)
        : fragmentDepth(selection.name.value, (fragment) => depth(fragment.selectionSet));
      deepest = Math.max(deepest, reached);
    }
    return deepest;
  }

  /** The objects a selection set asks for, per object of `type` (the cost is linear in the parent's count). */
  function cost(type: GraphQLNamedType, selectionSet: SelectionSetNode): number {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        total += fieldCost(type, selection);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        total += cost(typeOf(selection.typeCondition?.name.value) ?? type, selection.selectionSet);
      } else {
        total += fragmentCost(selection.name.value, (fragment) => cost(typeOf(fragment.typeCondition.name.value) ?? type, fragment.selectionSet));
      }
    }
    return total;
  }

  function fieldCost(parent: GraphQLNamedType, node: FieldNode): number {
    if (isIntrospection(node) || !(isObjectType(parent) || isInterfaceType(parent))) return 0;
    const field = parent.getFields()[node.name.value];
    if (!field) return 0;
    const type = getNamedType(field.type);
    const weight = weightOf(field) + argumentWeight(field, node, variables);
    if (!isCompositeType(type) || !node.selectionSet) return weight;
    const list = isListType(getNullableType(field.type));
    const objects = list ? listSize(field, node, variables) : 1;
    // A page after `offset` rows reads those rows too (a history's, a list's): they count as objects.
    const skipped = list ? argumentValue(field, node, 'offset', variables) : 0;
    return weight + skipped + objects + objects * cost(type, node.selectionSet);
  }

  const typeOf = (name: string | undefined) => (name === undefined ? undefined : schema.getType(name) ?? undefined);

  return { depth, cost };
}

/** A scalar field's `@cost(weight: N)` from the SDL; 0 without one. */
function weightOf(field: GraphQLField<unknown, unknown>): number {
  const directive = field.astNode?.directives?.find((d) => d.name.value === 'cost');
  const weight = directive?.arguments?.find((a) => a.name.value === 'weight')?.value;
  return weight ? Number(valueFromASTUntyped(weight)) : 0;
}

/**
 * What a field weighs by its arguments (an endpoint's `weigh`, set on the field's extensions by
 * graphql-schema.ts): a report weighs what its periods and days may read. Each argument is its literal
 * or the request's variable; a weigh that throws on a value it cannot read weighs nothing (the field
 * refuses that value when it runs).
 */
function argumentWeight(field: GraphQLField<unknown, unknown>, node: FieldNode, variables: Readonly<Record<string, unknown>>): number {
  const weigh = (field.extensions as { weigh?: (args: Readonly<Record<string, unknown>>) => number }).weigh;
  if (!weigh) return 0;
  const args = Object.fromEntries((node.arguments ?? []).map((argument) => [argument.name.value, valueFromASTUntyped(argument.value, variables)]));
  try {
    const weight = weigh(args);
    return Number.isFinite(weight) && weight > 0 ? weight : 0;
  } catch {
    return 0;
  }
}

/** A list field's `limit`: the literal, the variable (or its default), or the argument's default; 1 without one. */
function listSize(field: GraphQLField<unknown, unknown>, node: FieldNode, variables: Readonly<Record<string, unknown>>): number {
  if (!field.args.some((arg) => arg.name === 'limit')) return 1;
  return argumentValue(field, node, 'limit', variables) || 1;
}

/** An integer argument of a field: the literal, the variable (or its default), or the argument's default; 0 without one. */
function argumentValue(field: GraphQLField<unknown, unknown>, node: FieldNode, name: string, variables: Readonly<Record<string, unknown>>): number {
  const definition = field.args.find((arg) => arg.name === name);
  if (!definition) return 0;
  const argument = node.arguments?.find((arg) => arg.name.value === name);
  const value =
    argument?.value.kind === Kind.INT ? Number(argument.value.value)
    : argument?.value.kind === Kind.VARIABLE ? variables[argument.value.name.value]
    : definition.defaultValue;
  const given = typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : Number(definition.defaultValue ?? 0);
  return Number.isFinite(given) && given > 0 ? given : 0;
}

/** The operation's variables' defaults (an integer as a number, a string as text…): what a variable the request omits stands for. */
function variableDefaults(operation: OperationDefinitionNode): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    if (definition.defaultValue) defaults[definition.variable.name.value] = valueFromASTUntyped(definition.defaultValue);
  }
  return defaults;
}
