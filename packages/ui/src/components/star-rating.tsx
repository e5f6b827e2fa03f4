import { useId } from 'react';

export interface StarRatingProps {
  /** The question, e.g. "How was your purchase?"; the group's accessible name. */
  legend: string;
  value: number | null;
  onChange: (stars: number) => void;
  /** Names each choice for screen readers, e.g. (n) => `${n} of 5 stars`. */
  starLabel: (stars: number) => string;
  max?: number;
}

/** One to five stars as a radio group: keyboard arrows move, a tap chooses. */
export function StarRating({ legend, value, onChange, starLabel, max = 5 }: StarRatingProps) {
  const name = useId();
  return (
    <fieldset className="vendo-stars">
      <legend className="vendo-stars__legend">{legend}</legend>
      <div className="vendo-stars__choices">
        {Array.from({ length: max }, (_, index) => index + 1).map((stars) => (
          <label key={stars} className="vendo-stars__star" data-lit={value !== null && stars <= value}>
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="vendo-visually-hidden"
            />
            <span aria-hidden="true">★</span>
            <span className="vendo-visually-hidden">{starLabel(stars)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
