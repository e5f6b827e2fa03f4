import { useId } from 'react';

export interface Choice<V extends string> {
  value: V;
  label: string;
  /** A word under the label, already translated (a top-up's bonus): part of the choice's name. */
  note?: string | null | undefined;
}

export interface ChoiceGroupProps<V extends string> {
  /** The question, already translated; the group's accessible name. */
  legend: string;
  choices: readonly Choice<V>[];
  value: V | null;
  onChange: (value: V) => void;
}

/** One answer out of a few (an amount, a payment mode), as a row of large touch targets: native radios underneath. */
export function ChoiceGroup<V extends string>({ legend, choices, value, onChange }: ChoiceGroupProps<V>) {
  const name = useId();
  return (
    <fieldset className="vendo-choices">
      <legend className="vendo-field__label">{legend}</legend>
      <div className="vendo-choices__row">
        {choices.map((choice) => (
          <label key={choice.value} className="vendo-choices__choice">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            <span>{choice.label}</span>
            {/* The space keeps the label and the note two words in the radio's name. */}
            {choice.note ? ' ' : null}
            {choice.note ? <small className="vendo-choices__note">{choice.note}</small> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
