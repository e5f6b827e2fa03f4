export interface RatingContext {
  stars: number | null;
}

export type RatingEvent =
  | { type: 'rating.sent'; stars: number }
  | { type: 'rating.dismissed' }
  | { type: 'rating.never' };
