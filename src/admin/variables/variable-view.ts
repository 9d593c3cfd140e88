import type { VariableDefinition } from './variable-rules';
import type { StoredVariable } from './variables-repository';

/** A variable as clients see it: only the fields of its type, vector items by index. */
export type PublicVariable = VariableDefinition & { id: number; game_id: number; created_at: string; updated_at: string };

export const toPublicVariable = ({ created_at, updated_at, ...definition }: StoredVariable): PublicVariable => ({
  ...definition,
  created_at: created_at.toISOString(),
  updated_at: updated_at.toISOString(),
});

/** The definition alone (what a rollback restores and an audit entry shows). */
export function definitionOf(variable: PublicVariable | StoredVariable): VariableDefinition {
  const { id: _id, game_id: _game, created_at: _created, updated_at: _updated, ...definition } = variable;
  return definition as VariableDefinition;
}
