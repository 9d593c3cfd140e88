import { useState } from 'preact/hooks';
import type { ApiError } from '../api/client';
import { BODY_ENUMS } from '../api/generated/body-enums';
import type { VariableInput, VariableItemInput } from '../api/generated/graphql';
import { Field, FormErrors, Problem } from '../components/problem';

/** What the editor holds: the input it sends, and the id of a variable that exists. */
export type Variable = VariableInput & { id?: number };

/** Only the fields of the variable's type, as the API expects (a field of another type is a 400). */
export function toInput(variable: Variable): VariableInput {
  const { key, type } = variable;
  if (type === 'number') return { key, type, number_value: variable.number_value };
  if (type === 'string') return { key, type, string_value: variable.string_value ?? '' };
  const valueType = variable.table_value_type ?? 'number';
  const items = (variable.items ?? []).map((item) => ({
    ...(type === 'table' ? { key: item.key ?? '' } : { index: item.index ?? 0 }),
    ...(valueType === 'number' ? { number_value: item.number_value } : { string_value: item.string_value ?? '' }),
  }));
  return { key, type, table_value_type: valueType, items };
}

const parseNumber = (text: string) => (text.trim() === '' ? null : Number(text));

/** A typed editor: a number, a string, table rows (key → value) or vector items (index → value). */
export function VariableEditor({ initial, submitLabel, action, onSubmit }: {
  initial: Variable;
  submitLabel: string;
  action: { busy: boolean; error: ApiError | null };
  onSubmit: (variable: Variable) => unknown;
}) {
  const [variable, setVariable] = useState<Variable>(initial);
  const update = (changes: Partial<Variable>) => setVariable({ ...variable, ...changes });
  const items = variable.items ?? [];
  const setItem = (i: number, changes: Partial<VariableItemInput>) => update({ items: items.map((item, j) => (j === i ? { ...item, ...changes } : item)) });
  const valueType = variable.table_value_type ?? 'number';
  const collection = variable.type === 'table' || variable.type === 'vector';
  return (
    <FormErrors>
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(variable);
      }}
    >
      <div class="row">
        <Field label="Key" path="key" error={action.error}>
          <input name="key" value={variable.key ?? ''} onInput={(e) => update({ key: e.currentTarget.value })} />
        </Field>
        <Field label="Type" path="type" error={action.error}>
          <select name="type" value={variable.type ?? 'number'} onChange={(e) => update({ type: e.currentTarget.value })}>
            {BODY_ENUMS.VariableInput.type.map((type) => <option key={type} value={type}>{type}</option>)}
          </select>
        </Field>
        {collection && (
          <Field label="Value type" path="table_value_type" error={action.error}>
            <select name="table_value_type" value={valueType} onChange={(e) => update({ table_value_type: e.currentTarget.value })}>
              {BODY_ENUMS.VariableInput.table_value_type.map((type) => <option key={type} value={type}>{type}</option>)}
            </select>
          </Field>
        )}
      </div>
      {variable.type === 'number' && (
        <Field label="Value" path="number_value" error={action.error}>
          <input name="number_value" type="number" step="any" value={variable.number_value ?? ''} onInput={(e) => update({ number_value: parseNumber(e.currentTarget.value) })} />
        </Field>
      )}
      {variable.type === 'string' && (
        <Field label="Value" path="string_value" error={action.error}>
          <textarea name="string_value" value={variable.string_value ?? ''} onInput={(e) => update({ string_value: e.currentTarget.value })} />
        </Field>
      )}
      {collection && (
        <table>
          <thead>
            <tr><th>{variable.type === 'table' ? 'Key' : 'Index'}</th><th>Value ({valueType})</th><th /></tr>
          </thead>
          <tbody>
            {items.map((item, i) => (
              <tr key={i}>
                <td>
                  {variable.type === 'table' ? (
                    <Field label="" path={`items[${i}].key`} error={action.error}>
                      <input name={`item-key-${i}`} aria-label={`Item ${i + 1} key`} value={item.key ?? ''} onInput={(e) => setItem(i, { key: e.currentTarget.value })} />
                    </Field>
                  ) : (
                    <Field label="" path={`items[${i}].index`} error={action.error}>
                      <input name={`item-index-${i}`} aria-label={`Item ${i + 1} index`} type="number" value={item.index ?? ''} onInput={(e) => setItem(i, { index: parseNumber(e.currentTarget.value) })} />
                    </Field>
                  )}
                </td>
                <td>
                  <Field label="" path={`items[${i}].${valueType}_value`} error={action.error}>
                    {valueType === 'number' ? (
                      <input name={`item-value-${i}`} aria-label={`Item ${i + 1} value`} type="number" step="any" value={item.number_value ?? ''} onInput={(e) => setItem(i, { number_value: parseNumber(e.currentTarget.value) })} />
                    ) : (
                      <input name={`item-value-${i}`} aria-label={`Item ${i + 1} value`} value={item.string_value ?? ''} onInput={(e) => setItem(i, { string_value: e.currentTarget.value })} />
                    )}
                  </Field>
                </td>
                <td>
                  <button type="button" class="secondary outline" aria-label={`Remove item ${i + 1}`} onClick={() => update({ items: items.filter((_, j) => j !== i) })}>Remove</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {collection && (
        <button type="button" class="outline" onClick={() => update({ items: [...items, variable.type === 'table' ? { key: '' } : { index: items.length }] })}>
          Add {variable.type === 'table' ? 'row' : 'item'}
        </button>
      )}
      <Problem error={action.error} />
      <button type="submit" aria-busy={action.busy}>{submitLabel}</button>
    </form>
    </FormErrors>
  );
}
