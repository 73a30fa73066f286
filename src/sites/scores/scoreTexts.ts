/** Texts of the score section built from translations (pure but for `translate`). */
import type { ScorePeriod, ScoreColorClass } from '../../../resources/scores';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** 'enero de 2026'. */
export function monthLabel(translate: Translate, period: ScorePeriod): string {
  return translate('scores.month_option', { month: translate(`scores.months.${period.month}`), year: period.year });
}

/** The chip colour of a colour class (the level's word goes with it: colour is never the only signal). */
export const CHIP_COLOR: Record<ScoreColorClass, 'error' | 'warning' | 'success'> = { red: 'error', yellow: 'warning', green: 'success' };

/** The select's value of a month and back. */
export const periodValue = (period: ScorePeriod): string => `${period.year}-${period.month}`;
export function periodFromValue(value: string): ScorePeriod | null {
  const match = /^(\d{4})-(\d{1,2})$/.exec(value);
  return match ? { year: Number(match[1]), month: Number(match[2]) } : null;
}
