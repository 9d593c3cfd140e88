import { handWrittenComponent } from '../core/reply-schema';
import { arrayOf, id, int, num, object, oneOfValues, str, timestamp } from '../openapi/schema-kit';
import { ITEM_VALUE_TYPES, MAX_KEY_CHARS, MAX_STRING_CHARS } from './variable-rules';
import type { PublicVariable } from './variable-view';

const itemValue = { number_value: num(), string_value: str({ maxLength: MAX_STRING_CHARS }) };
const variableStored = { id: id(), game_id: id(), key: str({ minLength: 1, maxLength: MAX_KEY_CHARS }), created_at: timestamp(), updated_at: timestamp() };
const tableValueType = oneOfValues(ITEM_VALUE_TYPES);

/** What the API answers for a variable: one variant per type, written by hand (yup expresses no union). */
export const variableReply = handWrittenComponent<PublicVariable>('Variable', {
  description: 'Only the fields of its type; vector items sorted by index.',
  oneOf: [
    object({ ...variableStored, type: { const: 'number' }, number_value: num() }),
    object({ ...variableStored, type: { const: 'string' }, string_value: itemValue.string_value }),
    object({ ...variableStored, type: { const: 'table' }, table_value_type: tableValueType, items: arrayOf(object({ key: str({ minLength: 1 }), ...itemValue }, { optional: ['number_value', 'string_value'] })) }),
    object({ ...variableStored, type: { const: 'vector' }, table_value_type: tableValueType, items: arrayOf(object({ index: int({ minimum: 0 }), ...itemValue }, { optional: ['number_value', 'string_value'] })) }),
  ],
});

/** The config document: free-form. */
export const configDocumentReply = handWrittenComponent<Record<string, unknown>>('ConfigDocument', {
  type: 'object',
  description: 'The game\'s variables as `{key: value}`: a table as an object, a vector as an array in index order with null in the gaps.',
}).meta({ graphql: 'JSON' }); // GraphQL's ConfigDocument is the document with its ETag and overrides (the `config` field)
