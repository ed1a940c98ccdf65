/**
 * A pair's state becomes a tagged union in two columns (main/sync/condition.ts): its kind, checked
 * here, and a message for the kinds that carry one. Until now it was a state name and a reason
 * spelt "<kind>: <message>", parsed by splitting; the engine wrote "paused: paused by the user"
 * where the desktop wrote "paused". Rows move over as their strings meant: a guard whose kind is
 * unknown waits for a confirmation, the safe reading; the ERROR state, never written, is active.
 */
export const up = `
ALTER TABLE pairs ADD COLUMN state_kind TEXT NOT NULL DEFAULT 'active'
  CHECK (state_kind IN ('active', 'paused', 'deletes-confirmed', 'mass-delete', 'root-missing', 'remote-root-missing'));
ALTER TABLE pairs ADD COLUMN state_message TEXT NOT NULL DEFAULT '';

UPDATE pairs SET
  state_kind = CASE
    WHEN state = 'PAUSED' THEN 'paused'
    WHEN state = 'GUARD' AND state_reason LIKE 'root-missing: %' THEN 'root-missing'
    WHEN state = 'GUARD' AND state_reason LIKE 'remote-root-missing: %' THEN 'remote-root-missing'
    WHEN state = 'GUARD' THEN 'mass-delete'
    WHEN state_reason LIKE 'deletes-confirmed%' THEN 'deletes-confirmed'
    ELSE 'active'
  END,
  state_message = CASE
    WHEN state <> 'GUARD' THEN ''
    WHEN instr(state_reason, ': ') > 0 THEN substr(state_reason, instr(state_reason, ': ') + 2)
    ELSE state_reason
  END;

ALTER TABLE pairs DROP COLUMN state;
ALTER TABLE pairs DROP COLUMN state_reason;
`;
