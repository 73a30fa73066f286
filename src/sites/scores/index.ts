export { SiteScores, type SiteScoresProps } from './SiteScores';
export { scoresQueryKey } from './useScores';
export { ListOrderToggle } from './ListOrderToggle';
