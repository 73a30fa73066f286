/** Texts of the score section built from translations (pure but for `translate`). */
import type { ScorePeriod, ScoreColorClass } from '../../../resources/scores';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** 'enero de 2026'. */
export function monthLabel(translate: Translate, period: ScorePeriod): string {
  return translate('scores.month_option', { month: translate(`scores.months.${period.month}`), year: period.year });
}

/**
 * The chip colours of a colour class (the level's word goes with it: colour is never the only signal). Dark red and
 * green with white text, amber with black text: each at least 4.5:1 (MUI's filled warning chip is 3.1:1).
 */
export const CHIP_COLORS: Record<ScoreColorClass, { bgcolor: string; color: string }> = {
  red: { bgcolor: 'error.dark', color: 'common.white' },
  yellow: { bgcolor: 'warning.light', color: 'common.black' },
  green: { bgcolor: 'success.dark', color: 'common.white' },
};

/** The select's value of a month and back. */
export const periodValue = (period: ScorePeriod): string => `${period.year}-${period.month}`;
export function periodFromValue(value: string): ScorePeriod | null {
  const match = /^(\d{4})-(\d{1,2})$/.exec(value);
  return match ? { year: Number(match[1]), month: Number(match[2]) } : null;
}
