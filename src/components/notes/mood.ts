// An entry's mood: the five faces, and the words for one.
import { MOOD_MAX, MOOD_MIN } from '../../../contract/rules';

/** Mood 1 … 5, in order. */
export const MOODS = [1, 2, 3, 4, 5] as const;
/**
 * The face of each mood, 1 … 5 (decoration: the words say it too). Awful and bad must differ at a
 * glance: a distraught face, then a plain frown (one every emoji font has since Unicode 6).
 */
export const MOOD_FACES = ['😫', '😞', '😐', '😊', '😄'] as const;

/** A mood from the API, or null when there is none (or it is not 1 … 5). */
export function moodOf(value: unknown): number | null {
  return typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= MOOD_MIN &&
    value <= MOOD_MAX
    ? value
    : null;
}

export function moodFace(mood: number): string {
  return MOOD_FACES[mood - 1] ?? '';
}
