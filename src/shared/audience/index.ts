export { AudienceInput, validateAudience, GROUP_SEARCH_DELAY_MS, GROUP_SEARCH_MIN_LENGTH, LOCATION_SEARCH_DELAY_MS } from './AudienceInput';
export { AudienceReachLine, REACH_DELAY_MS } from './AudienceReach';
