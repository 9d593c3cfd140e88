import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isCompositeType,
  isListType,
  isObjectType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/** SPEC §2.9: at most 10 levels of fields. */
export const MAX_QUERY_DEPTH = 10;
/**
 * The most objects one query may ask for: each object field counts the objects it may return, a list
 * its `limit` (argument, variable or default) times its parent's count. Lists inside a row (a
 * variable's items, a notification's entries) come with their row and count nothing more.
 */
export const MAX_QUERY_COST = 100_000;

const isIntrospection = (field: FieldNode) => field.name.value.startsWith('__');
const refusal = (message: string, node: OperationDefinitionNode) => new GraphQLError(message, { nodes: [node], extensions: { code: 'BAD_REQUEST' } });

/** Refuses an operation nested deeper than `max` fields (introspection's own fields are not counted). */
export function depthLimit(max: number): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const depth = depthOf(context, operation.selectionSet, new Set());
      if (depth > max) context.reportError(refusal(`the query is ${depth} levels deep; the limit is ${max}`, operation));
    },
  });
}

function depthOf(context: ValidationContext, selectionSet: SelectionSetNode, visiting: Set<string>): number {
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (isIntrospection(selection)) continue;
      deepest = Math.max(deepest, 1 + (selection.selectionSet ? depthOf(context, selection.selectionSet, visiting) : 0));
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthOf(context, selection.selectionSet, visiting));
    } else {
      const fragment = followSpread(context, selection.name.value, visiting);
      if (fragment) deepest = Math.max(deepest, depthOf(context, fragment.selectionSet, new Set([...visiting, fragment.name.value])));
    }
  }
  return deepest;
}

/** A spread's fragment, or null when it is unknown or would cycle (other rules report both). */
function followSpread(context: ValidationContext, name: string, visiting: Set<string>): FragmentDefinitionNode | null {
  if (visiting.has(name)) return null;
  return context.getFragment(name) ?? null;
}

/** Refuses an operation that may return more than `max` objects; `variables` are the request's, as sent. */
export function costLimit(max: number, variables: Readonly<Record<string, unknown>> | null | undefined): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const root = operation.operation === 'mutation' ? context.getSchema().getMutationType() : context.getSchema().getQueryType();
      if (!root) return;
      const defaults = variableDefaults(operation);
      const limitOf = (field: GraphQLField<unknown, unknown>, node: FieldNode) => listSize(field, node, { ...defaults, ...(variables ?? {}) });
      const cost = costOf(context, root, operation.selectionSet, 1, limitOf, new Set());
      if (cost > max) {
        context.reportError(refusal(`the query may return ${cost} objects; the limit is ${max}: ask for smaller pages (limit)`, operation));
      }
    },
  });
}

type LimitOf = (field: GraphQLField<unknown, unknown>, node: FieldNode) => number;

function costOf(context: ValidationContext, type: GraphQLNamedType, selectionSet: SelectionSetNode, count: number, limitOf: LimitOf, visiting: Set<string>): number {
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const field = isObjectType(type) && !isIntrospection(selection) ? type.getFields()[selection.name.value] : undefined;
      const fieldType = field && getNamedType(field.type);
      if (!field || !fieldType || !isCompositeType(fieldType) || !selection.selectionSet) continue;
      const objects = count * (isListType(getNullableType(field.type)) ? limitOf(field, selection) : 1);
      cost += objects + costOf(context, fieldType, selection.selectionSet, objects, limitOf, visiting);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      cost += costOf(context, type, selection.selectionSet, count, limitOf, visiting);
    } else {
      const fragment = followSpread(context, selection.name.value, visiting);
      if (fragment) cost += costOf(context, type, fragment.selectionSet, count, limitOf, new Set([...visiting, fragment.name.value]));
    }
  }
  return cost;
}

/** A list field's `limit`: the literal, the variable (or its default), or the argument's default; 1 without one. */
function listSize(field: GraphQLField<unknown, unknown>, node: FieldNode, variables: Readonly<Record<string, unknown>>): number {
  const definition = field.args.find((arg) => arg.name === 'limit');
  if (!definition) return 1;
  const argument = node.arguments?.find((arg) => arg.name.value === 'limit');
  const value =
    argument?.value.kind === Kind.INT ? Number(argument.value.value)
    : argument?.value.kind === Kind.VARIABLE ? variables[argument.value.name.value]
    : definition.defaultValue;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : Number(definition.defaultValue ?? 1);
}

function variableDefaults(operation: OperationDefinitionNode): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    if (definition.defaultValue?.kind === Kind.INT) defaults[definition.variable.name.value] = Number(definition.defaultValue.value);
  }
  return defaults;
}
