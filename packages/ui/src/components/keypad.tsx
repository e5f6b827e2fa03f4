export interface KeypadKey {
  /** What onPress reports, e.g. "7" or "back". */
  key: string;
  /** What the key shows, e.g. "7" or "⌫". */
  label: string;
  /** Names a key whose label is a symbol, e.g. "Borrar" for "⌫". */
  accessibleLabel?: string;
}

export interface KeypadProps {
  /** Names the group for screen readers, already translated, e.g. "Teclado de la máquina". */
  label: string;
  /** In reading order; the keypad lays them out three to a row. */
  keys: KeypadKey[];
  onPress(key: string): void;
  /** E.g. while the machine has not answered the last key yet. */
  disabled?: boolean;
}

/**
 * The touchless keypad: the machine's number keys on the phone screen. A fieldset is the native
 * group; the grid lives on an inner div because fieldsets have long been quirky as grid containers.
 */
export function Keypad({ label, keys, onPress, disabled = false }: KeypadProps) {
  return (
    <fieldset aria-label={label} className="vendo-keypad">
      <div className="vendo-keypad__keys">
        {keys.map((key) => (
          <button
            key={key.key}
            type="button"
            // A word ("Cancelar", "Regresar") gets a smaller size than a digit, so it stays inside its key at 360 px.
            className={key.label.length > 2 ? 'vendo-keypad__key vendo-keypad__key--word' : 'vendo-keypad__key'}
            aria-label={key.accessibleLabel}
            disabled={disabled}
            onClick={() => onPress(key.key)}
          >
            {key.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
