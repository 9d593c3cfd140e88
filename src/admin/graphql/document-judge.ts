import {
  getOperationAST,
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
  type ExecutionArgs,
  type GraphQLSchema,
} from 'graphql';
import { MAX_TEXT_NESTING, nestsTooDeep } from './nesting-guard';
import { checkQueryLimits, MAX_QUERY_TOKENS } from './query-limits';

export interface RequestParams {
  readonly query: string;
  readonly operationName?: string | null;
  readonly variables?: Record<string, unknown> | null;
}

/**
 * What stands between a request's text and its execution (SPEC §2.9), in an order that keeps every
 * document of up to 1 MiB cheap to judge: a text nested too deep for the recursive parser is refused
 * first (one pass over it); parsing stops at MAX_QUERY_TOKENS; the query limits run on
 * their own, in linear time; graphql's validation rules only see a document within them. With
 * introspection off, no message suggests a name ("Did you mean …"), in validation or execution.
 */
export function createDocumentJudge(schema: GraphQLSchema, options: { introspection: boolean }) {
  const rules = [...specifiedRules, ...(options.introspection ? [] : [NoSchemaIntrospectionCustomRule])];
  const hiding = { hideSuggestions: !options.introspection };
  return {
    /** The execution's arguments (without context), or the errors that refuse the request. */
    judge(params: RequestParams): Omit<ExecutionArgs, 'contextValue'> | readonly GraphQLError[] {
      if (nestsTooDeep(params.query)) {
        return [new GraphQLError(`the document nests {, [ or ( deeper than ${MAX_TEXT_NESTING} levels`)];
      }
      let document;
      try {
        document = parse(params.query, { maxTokens: MAX_QUERY_TOKENS });
      } catch (error) {
        if (error instanceof GraphQLError) return [error];
        throw error;
      }
      const refused = checkQueryLimits(schema, document, params.variables);
      if (refused.length > 0) return refused;
      const invalid = validate(schema, document, rules, hiding);
      if (invalid.length > 0) return invalid;
      if (!getOperationAST(document, params.operationName)) {
        return [new GraphQLError(params.operationName ? `the document has no operation named "${params.operationName}"` : 'the document holds several operations: name one in operationName')];
      }
      return { schema, document, variableValues: params.variables, operationName: params.operationName, ...hiding };
    },
  };
}
